"""test_stub.py - the type stub (shelf/__init__.pyi) and the module agree:
the same public names, the same methods on each class, and help(shelf)
documents them all."""

import ast
import inspect
import os
import pydoc
import unittest

import support
import shelf

STUB = os.path.join(os.path.dirname(shelf.__file__), "__init__.pyi")


def public(names):
    return {n for n in names if not n.startswith("_")}


class Stub(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(STUB, encoding="utf-8") as f:
            cls.tree = ast.parse(f.read())
        cls.top = {}
        for node in cls.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                cls.top[node.name] = node
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.asname == alias.name:  # an explicit re-export
                        cls.top[alias.name] = node
            elif isinstance(node, (ast.AnnAssign, ast.Assign)):
                target = node.target if isinstance(node, ast.AnnAssign) \
                    else node.targets[0]
                cls.top[target.id] = node

    def test_names_match_dir(self):
        module_names = public(dir(shelf)) - {"annotations"}
        self.assertEqual(public(self.top), module_names)
        self.assertEqual(set(shelf.__all__), module_names)
        self.assertIn("__version__", self.top)
        self.assertIsInstance(shelf.__version__, str)

    def test_class_members_match(self):
        for name, node in self.top.items():
            if not isinstance(node, ast.ClassDef):
                continue
            with self.subTest(cls=name):
                in_stub = {n.name for n in node.body
                           if isinstance(n, ast.FunctionDef)}
                real = getattr(shelf, name)
                for member in in_stub - {"__init__"}:
                    self.assertTrue(hasattr(real, member), member)
                if issubclass(real, tuple):  # a structseq: its fields
                    self.assertEqual(in_stub, set(real.__match_args__))
                else:
                    self.assertEqual(public(in_stub), public(dir(real)))
                    self.assertEqual("_repr_svg_" in in_stub,
                                     hasattr(real, "_repr_svg_"))

    def test_signatures_match(self):
        for name, node in self.top.items():
            if not isinstance(node, ast.FunctionDef):
                continue
            with self.subTest(function=name):
                real = inspect.signature(getattr(shelf, name))
                stub = [a.arg for a in node.args.args + node.args.kwonlyargs]
                self.assertEqual(list(real.parameters), stub)

    def test_help_reads_well(self):
        text = pydoc.render_doc(shelf, renderer=pydoc.plaintext)
        self.assertIn("Exact answers to the ripening-shelf game", text)
        for name in shelf.__all__:
            self.assertIn(name, text)
        self.assertIn("solve(wheels)", text)
        self.assertIn("random(n, *, seed=None, lo=1, hi=10000)", text)


if __name__ == "__main__":
    support.main()
