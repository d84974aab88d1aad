/*
 * command_line.c - the programs' one loop over their options, and the words
 * of what goes wrong (see command_line.h for the rules).
 */
#include "command_line.h"

#include "out.h"

#include <stdio.h>
#include <string.h>

/* ==== Messages ==== */

void message_vline(const char *prefix, const char *fmt, va_list ap) {
  fprintf(stderr, "%s: ", prefix);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void message_line(const char *prefix, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message_vline(prefix, fmt, ap);
  va_end(ap);
}

void command_line_vusage(const command_line *cl, const char *fmt, va_list ap) {
  if (cl->quiet)
    return;
  message_vline(cl->prefix, fmt, ap);
  fprintf(stderr, "Try '%s --help' for more information.\n", cl->name);
}

void command_line_usage(const command_line *cl, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  command_line_vusage(cl, fmt, ap);
  va_end(ap);
}

/* ==== The loop ==== */

void command_line_start(command_line *cl, int argc, char **argv) {
  cl->argc = argc;
  cl->argv = argv;
  cl->at = 1;
  cl->group = NULL;
  cl->operands = 0;
  cl->dashes = 0;
}

/* The long option `name` (len bytes, without "--") names: exactly, or as
 * the only option it begins. -1 for none, -2 when it begins several. */
static int find_long(const program_option *options, const char *name,
                     size_t len) {
  int found = -1;
  for (int k = 0; options[k].name != NULL; k++) {
    if (strncmp(options[k].name, name, len) != 0)
      continue;
    if (options[k].name[len] == '\0')
      return k;
    found = found == -1 ? k : -2;
  }
  return found;
}

/* The option whose letter is c, or NULL. */
static const program_option *find_short(const program_option *options, char c) {
  for (int k = 0; options[k].name != NULL; k++)
    if (options[k].code < 0x80 && options[k].code == c && c != '\0')
      return &options[k];
  return NULL;
}

static int unknown_option(const command_line *cl, const char *name) {
  command_line_usage(cl, "unknown option '%s'%s", name,
                     cl->unknown_words != NULL ? cl->unknown_words : "");
  return COMMAND_LINE_ERROR;
}

/* The value of an option that needs one and has none attached: the next
 * argument, whatever it looks like, but for "--", which ends the options. */
static const char *next_value(command_line *cl) {
  if (cl->at < cl->argc && strcmp(cl->argv[cl->at], "--") != 0)
    return cl->argv[cl->at++];
  return NULL;
}

/* The long option `arg` ("--name" or "--name=value"). */
static int take_long(command_line *cl, const char *arg, const char **value) {
  char shown[SHOWN_SIZE];
  const char *eq = strchr(arg, '=');
  size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
  int found = find_long(cl->options, arg + 2, len - 2);
  escape_text(arg, shown, sizeof shown);
  if (found == -2) {
    command_line_usage(cl, "option '%s' is ambiguous; give more of its name",
                       shown);
    return COMMAND_LINE_ERROR;
  }
  if (found == -1) {
    shown[strcspn(shown, "=")] = '\0'; /* the name alone */
    return unknown_option(cl, shown);
  }
  const program_option *o = &cl->options[found];
  *value = eq != NULL ? eq + 1 : NULL;
  if (*value != NULL && o->value == OPTION_NO_VALUE) {
    command_line_usage(cl, "option '--%s' takes no value, found '%s'", o->name,
                       shown);
    return COMMAND_LINE_ERROR;
  }
  if (*value == NULL && o->value == OPTION_VALUE &&
      (*value = next_value(cl)) == NULL) {
    command_line_usage(cl, "option '--%s' needs an argument", o->name);
    return COMMAND_LINE_ERROR;
  }
  return o->code;
}

/* The next letter of a group of short options; a letter that takes a
 * value takes the rest of the argument, or else the next one. */
static int take_short(command_line *cl, const char **value) {
  char c = *cl->group++;
  const program_option *o = find_short(cl->options, c);
  char shown[SHOWN_SIZE], name[SHOWN_SIZE];
  snprintf(name, sizeof name, "-%s",
           escape_text((char[]){c, '\0'}, shown, sizeof shown));
  if (*cl->group == '\0')
    cl->group = NULL;
  if (o == NULL)
    return unknown_option(cl, name);
  *value = NULL;
  if (o->value != OPTION_VALUE) /* -t: no value; --table=A..B has one */
    return o->code;
  *value = cl->group != NULL ? cl->group : next_value(cl);
  cl->group = NULL;
  if (*value == NULL) {
    command_line_usage(cl, "option '%s' needs an argument", name);
    return COMMAND_LINE_ERROR;
  }
  return o->code;
}

/* Whether an argument is an option rather than an operand: '-' and a digit
 * is an operand, and so is "-" alone. */
static int is_option(const char *arg) {
  return arg[0] == '-' && arg[1] != '\0' && !(arg[1] >= '0' && arg[1] <= '9');
}

/* Moves argv[at] to the operands. The operands are never ahead of the
 * argument read, so nothing unread is overwritten. */
static void operand(command_line *cl) {
  cl->argv[1 + cl->operands++] = cl->argv[cl->at++];
}

int command_line_next(command_line *cl, const char **value) {
  *value = NULL;
  if (cl->group != NULL)
    return take_short(cl, value);
  while (cl->at < cl->argc) {
    const char *arg = cl->argv[cl->at];
    if (strcmp(arg, "--") == 0) {
      cl->dashes = 1;
      cl->at++;
      break;
    }
    if (!is_option(arg)) {
      operand(cl);
      if (cl->options_first)
        break;
      continue;
    }
    cl->at++;
    if (arg[1] == '-')
      return take_long(cl, arg, value);
    cl->group = arg + 1;
    return take_short(cl, value);
  }
  while (cl->at < cl->argc) /* after "--", or after the first operand */
    operand(cl);
  cl->argv[1 + cl->operands] = NULL;
  return COMMAND_LINE_END;
}

const char *command_line_choices(char *buf, size_t size,
                                 const char *const *names, size_t count) {
  size_t at = 0;
  if (size == 0)
    return buf;
  buf[0] = '\0';
  for (size_t k = 0; k < count && at < size; k++) {
    const char *sep = k == 0 ? "" : k + 1 == count ? " or " : ", ";
    int wrote = snprintf(buf + at, size - at, "%s%s", sep, names[k]);
    if (wrote < 0)
      break;
    at += (size_t)wrote;
  }
  return buf;
}
