"""test_docs.py - the examples people read are true: the README's Python
section and every docstring example of the package, run as doctests."""

import doctest
import os
import re
import unittest

import support
import shelf

README = os.path.join(support.ROOT, "README.md")


class Docs(unittest.TestCase):
    def run_examples(self, text, name):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(text, dict(vars(shelf), shelf=shelf), name,
                                  name, 0)
        self.assertTrue(test.examples, f"{name} has no examples")
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        result = runner.run(test)
        self.assertEqual(result.failed, 0, name)

    def test_readme(self):
        with open(README, encoding="utf-8") as f:
            text = f.read()
        section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
        blocks = re.findall(r"```python\n(.*?)```", section, re.S)
        self.run_examples("".join(blocks), "README.md")

    def test_docstrings(self):
        for name in shelf.__all__ + ["__init__"]:
            obj = shelf if name == "__init__" else getattr(shelf, name)
            doc = obj.__doc__ or ""
            if ">>>" in doc:
                with self.subTest(name=name):
                    self.run_examples(doc, name)


if __name__ == "__main__":
    support.main()
