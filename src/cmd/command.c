#include "cmd/command.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/handlers.h"
#include "dyn/law.h"
#include "exercise/units.h"
#include "models/model.h"
#include "num/expr.h"
#include "num/num.h"
#include "util/text.h"
#include "util/xalloc.h"

static const struct command commands[] = {
	{.name = "list",
	 .run = cmd_list,
	 .min_args = 0,
	 .max_args = -1,
	 .flags = 0,
	 .usage = "list [WORD...]",
	 .summary = "the exercises found, with id, title and source",
	 .help = "Lists every exercise in the exercise directories: the user's\n"
		 "($XDG_DATA_HOME/tribo/exercises), the installed ones, and those of\n"
		 "$TRIBO_PATH. The first file with a given id wins. With WORDs, only\n"
		 "the exercises that have every WORD in their id, title, model or source,\n"
		 "whatever the case and accents: list imachi, list painleve rod, list\n"
		 "kozlov. help ID describes one.",
	 .complete = {COMPLETE_NONE}},
	{.name = "load",
	 .run = cmd_load,
	 .min_args = 1,
	 .max_args = 1,
	 .flags = 0,
	 .usage = "load ID|FILE",
	 .summary = "load an exercise by id or by path",
	 .help = "Loads an exercise: by its id, searched as 'list' shows, or by the path\n"
		 "of an .ini file. Parameters start at the exercise's values; results\n"
		 "are cleared.",
	 .complete = {COMPLETE_EXERCISE}},
	{.name = "show",
	 .run = cmd_show,
	 .min_args = 0,
	 .max_args = 1,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "show [all]",
	 .summary = "statement, parameters and the last results",
	 .help = "Shows the exercise: its statement with the current values put in, each\n"
		 "parameter with its unit and valid range (* marks a changed value), and\n"
		 "the results of the last solve. Only the parameters the law and the\n"
		 "modes in effect use are listed (painleve-rod under law coulomb has no\n"
		 "use for k or the matrix Φ); 'show all' lists the others below them.",
	 .complete = {COMPLETE_NONE}},
	{.name = "set",
	 .run = cmd_set,
	 .min_args = 2,
	 .max_args = -1,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "set NAME VALUE [UNIT]",
	 .summary = "set a parameter",
	 .help = "Sets a parameter. With a unit the value is converted to the\n"
		 "parameter's unit: set r 20 cm, set omega 300 rpm, set phi 45 degrees.\n"
		 "The unit may be glued to the number (15cm, 45deg, 45°), and VALUE may\n"
		 "be an expression over quantities as eval takes it (set r 10 cm + 5 mm,\n"
		 "set r (3/4) m, set r 2*r). Names stand for their values with their\n"
		 "units, ans for the last number printed; a VALUE with no unit anywhere\n"
		 "is in the parameter's unit. A unit of another dimension is refused.\n"
		 "A decimal comma is taken (set mu 0,35), as check and grade take it;\n"
		 "1,412 (1.412 or 1412?) is refused as ambiguous.\n"
		 "help units lists the units. A value outside the parameter's range is\n"
		 "refused, and the range shown. Results computed before are out of date\n"
		 "until the next solve.",
	 .complete = {COMPLETE_PARAM, COMPLETE_VALUE, COMPLETE_UNIT}},
	{.name = "reset",
	 .run = cmd_reset,
	 .min_args = 0,
	 .max_args = 1,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "reset [NAME]",
	 .summary = "back to the exercise's values",
	 .help = "Puts one parameter, or all of them, back to the exercise's value. At the\n"
		 "prompt it says each value it put back and the one it replaced; a batch\n"
		 "stays quiet, as it does for set.",
	 .complete = {COMPLETE_PARAM}},
	{.name = "solve",
	 .run = cmd_solve,
	 .min_args = 0,
	 .max_args = 0,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "solve",
	 .summary = "run the exercise's model",
	 .help = "Runs the model with the current parameters and fills the results.\n"
		 "Ctrl-C interrupts a long solve; the old results are kept.",
	 .complete = {COMPLETE_NONE}},
	{.name = "print",
	 .run = cmd_print,
	 .min_args = 1,
	 .max_args = -1,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "print NAME... [to UNIT]",
	 .summary = "print results or parameters, one a line",
	 .help = "Prints each named result or parameter on its own line: numbers as\n"
		 "%.12g, booleans as true/false, words as they are. Results need 'solve'.\n"
		 "'to UNIT' converts the numbers to it: print stop_time to ms, print\n"
		 "omega to rpm (a bare last word that is a unit and no name does the same:\n"
		 "print stop_time ms). A word that is both a name and a unit is the name:\n"
		 "with a mass m, print amp m prints amp and m, and says so once. With\n"
		 "several names the interactive modes name each line (amp = 1.34 m); a\n"
		 "batch (-c, a script) prints the bare values. ans becomes the last\n"
		 "number printed, in the unit it was printed in.",
	 .complete = {COMPLETE_NAME}},
	{.name = "table",
	 .run = cmd_table,
	 .min_args = 0,
	 .max_args = 0,
	 .flags = CMD_NEEDS_EXERCISE | CMD_NEEDS_SOLUTION,
	 .usage = "table",
	 .summary = "every result as name = value unit",
	 .help = "Prints every result of the last solve, in the unit the exercise asks\n"
		 "for it in where it asks, else in the model's unit.",
	 .complete = {COMPLETE_NONE}},
	{.name = "steps",
	 .run = cmd_steps,
	 .min_args = 0,
	 .max_args = 0,
	 .flags = CMD_NEEDS_EXERCISE | CMD_NEEDS_SOLUTION,
	 .usage = "steps",
	 .summary = "the worked solution of the last solve",
	 .help = "Prints the formulas used, in order, with the numbers of the last solve.",
	 .complete = {COMPLETE_NONE}},
	{.name = "step",
	 .run = cmd_step,
	 .min_args = 0,
	 .max_args = 2,
	 .flags = CMD_NEEDS_EXERCISE | CMD_NEEDS_SOLUTION,
	 .usage = "step [N|back|reset|play [SPEED]|EVENT]",
	 .summary = "step the scene through the run, or the construction",
	 .help = "With the scene shown ('plot scene'), or for a model with no\n"
		 "construction, steps the scene's time through the run: 'step' the next\n"
		 "recorded step, 'step back', 'step N' (0 the start), 'step reset', and\n"
		 "'step slip', 'step stop', 'step leave' or any word of a phase: the next\n"
		 "step where the phase changes to it. The scene is redrawn there.\n"
		 "'step play [SPEED]' plays the run in the window 'plot scene window'\n"
		 "opened, in real time (SPEED times it; at most 30 s), to the last step;\n"
		 "a Ctrl-C stops it at the step it shows.\n"
		 "For a method done by hand (imachi with method graphical), goes\n"
		 "through the last solve's construction a step at a time: 'step' takes\n"
		 "the next, 'step N' goes to step N (1 the first, from point N-1 to N),\n"
		 "'step back' to the one before, and each prints that step's numbers\n"
		 "(u_r, v_r, s_r, slip or stick, the circle's radius), the very numbers\n"
		 "of the solve. The figure 'construction' is redrawn to end at the step\n"
		 "(the plot pane shows it); 'step reset' puts back the solve's own.",
	 .complete = {COMPLETE_NONE}},
	{.name = "eval",
	 .run = cmd_eval,
	 .min_args = 1,
	 .max_args = -1,
	 .flags = CMD_RAW,
	 .usage = "eval EXPR [to UNIT]",
	 .summary = "calculator over the parameters and results",
	 .help = "Evaluates an expression over quantities: + - * / ^, parentheses,\n"
		 "functions such as sqrt, exp, log, sin, cos, tan, atan, abs, the\n"
		 "constants pi and e, and units: a unit binds to the number or the\n"
		 "parentheses before it (eval 20 cm * 300 rpm, eval 1/(2 s), eval 3 m^2,\n"
		 "eval sin(30 deg)). Parameters and results stand for their values with\n"
		 "their units (eval omega*r/(mu*g) is a time). Dimensions are checked: a\n"
		 "sum of metres and seconds is refused, a function wants a number; an\n"
		 "angle is a number (deg = pi/180). The answer is shown in the SI unit of\n"
		 "its dimension (eval 2 N * 3 m gives 6 N*m); 'to UNIT' converts it (eval\n"
		 "r to cm, eval stop_time to ms). ans is the last value printed or\n"
		 "evaluated, with its unit: after eval r to cm, eval 2*ans is 0.3 m.",
	 .complete = {COMPLETE_EXPR}},
	{.name = "check",
	 .run = cmd_check,
	 .min_args = 1,
	 .max_args = -1,
	 .flags = CMD_RAW | CMD_NEEDS_EXERCISE | CMD_NEEDS_SOLUTION,
	 .usage = "check NAME VALUE [UNIT] | check NAME = EXPR",
	 .summary = "check your answer against tribo's",
	 .help = "Compares your answer for a result with tribo's, within the tolerance\n"
		 "the exercise gives for it (1% where it gives none): check stop_time\n"
		 "0.68, check stop_time 680 ms, check stop_time 680ms, check stop_time\n"
		 "ans (VALUE [UNIT] is read as set reads it; with no unit anywhere it\n"
		 "is in the unit the exercise asks in), or after '=' the same over the\n"
		 "parameters: check stop_time = omega*r/(mu*g), check stop_time = 1.2 s;\n"
		 "an expression of another dimension is refused. Prints 'correct' or\n"
		 "'incorrect' and how far off the answer is against the tolerance, like\n"
		 "with like: 'off by 6.8%, the tolerance is 1%', or 'off by 0.3 deg, the\n"
		 "tolerance is ±0.5 deg'; for a wrong answer, a hint where the slip is a\n"
		 "common one (a factor of 2, π or g, a sign, degrees for radians, a time\n"
		 "in minutes, hours or ms for seconds). An answer given to the precision\n"
		 "a sheet asks ('to 1%, i.e. 3 significant figures') is within the\n"
		 "tolerance. A wrong answer is not a failed command.",
	 .complete = {COMPLETE_NAME, COMPLETE_NONE, COMPLETE_UNIT}},
	{.name = "save",
	 .run = cmd_save,
	 .min_args = 1,
	 .max_args = 2,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "save FILE [force]",
	 .summary = "keep the session as a script, or the exercise as a file",
	 .help = "save FILE writes the session as a script that 'tribo FILE' replays:\n"
		 "the load (by id, or by the file's absolute path when the id finds\n"
		 "another file), a 'set' for every parameter changed from the\n"
		 "exercise's value, and 'solve'. save FILE.ini writes the loaded exercise\n"
		 "itself with its current values, an exercise file that 'load FILE.ini'\n"
		 "reads back: the file as it was read (comments, ranges, draws, answers\n"
		 "kept), each changed value rewritten in the parameter's unit. Numbers\n"
		 "are written to the digits that read back as the same number (17 at\n"
		 "most), so a replay solves the very same problem. An existing FILE is\n"
		 "left alone unless 'force' is given; the file is written whole or not\n"
		 "at all. A leading ~ is the home directory.",
	 .complete = {COMPLETE_FILE, COMPLETE_NONE}},
	{.name = "lint",
	 .run = cmd_lint,
	 .min_args = 0,
	 .max_args = 1,
	 .flags = 0,
	 .usage = "lint [FILE|ID]",
	 .summary = "check an exercise file and its draw ranges",
	 .help = "Reads an exercise file (the loaded exercise's by default) as 'load'\n"
		 "does, then checks what an instructor wants to know: a drawn parameter\n"
		 "the statement never shows, draw without digits, no [answer], the\n"
		 "workbench's words where a sheet prints them (a backquote, 'tribo',\n"
		 "'issue N' or 'set NAME' in the statement, the source or an answer's\n"
		 "text: what to type goes in the exercise's hint). It solves\n"
		 "the exercise at the file's values, at each draw range's low and high\n"
		 "end, and with every draw low, then high, and reports a failed solve, an\n"
		 "answer that is not finite or a degenerate outcome (nothing moves, no\n"
		 "steady state, a paradox) with the values that gave it. Each finding is\n"
		 "FILE:LINE: error|warning: message; the last line is FILE: ok (K solves)\n"
		 "or FILE: N errors, M warnings. The session is left as it was.\n"
		 "tribo --lint FILE... does the same from the shell.",
	 .complete = {COMPLETE_EXERCISE}},
	{.name = "plot",
	 .run = cmd_plot,
	 .min_args = 0,
	 .max_args = 6,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "plot [NAME | scene [at T]] [to FILE] [window [persist]]",
	 .summary = "draw a figure of the last solve or sweep",
	 .help = "Without arguments, lists the figures of the last solve (and the last\n"
		 "sweep's). 'plot NAME' draws one through gnuplot: into the plot pane in\n"
		 "the full-screen mode, as text elsewhere; NAME defaults to the first\n"
		 "figure, and 'sweep' is the last sweep. 'plot NAME to FILE' writes a\n"
		 ".png, .svg or .pdf file (whole, or not at all); 'plot NAME window' draws\n"
		 "it in a gnuplot window (qt, wxt or x11) when there is a display, the\n"
		 "same window each time. The window closes when tribo ends; with\n"
		 "'persist' it stays until you close it. 'plot scene [at T]' draws the\n"
		 "system itself to scale at time T of the run (default 0), with the\n"
		 "forces of that instant as arrows to a stated scale; 'plot scene to\n"
		 "FILE.gif' animates the whole run. $GNUPLOT names the gnuplot to run.",
	 .complete = {COMPLETE_FIGURE}},
	{.name = "zoom",
	 .run = cmd_zoom,
	 .min_args = 0,
	 .max_args = 0,
	 .flags = 0,
	 .usage = "zoom",
	 .summary = "give the plot the screen, or take it back",
	 .help = "In the full-screen workbench, gives the plot pane every row above a\n"
		 "short log and the whole width, so that a figure can be read; 'zoom'\n"
		 "again (or F7, which does the same) brings the other panes back. The\n"
		 "other modes have no pane: 'plot NAME' draws there as text, and\n"
		 "'plot NAME to FILE.png' into a file.",
	 .complete = {COMPLETE_NONE}},
	{.name = "sweep",
	 .run = cmd_sweep,
	 .min_args = 5,
	 .max_args = -1,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "sweep NAME FROM TO STEPS RESULT...",
	 .summary = "vary a parameter, solve at each point, tabulate",
	 .help = "Varies the numeric parameter NAME from FROM to TO (in its unit, as 'show'\n"
		 "gives it) in STEPS evenly spaced points (2 to 10000), solves at each, and\n"
		 "prints a table of the RESULTs (results or parameters). A point where\n"
		 "the model fails shows 'failed' and is explained below the table.\n"
		 "Parameters and results stay as they were; the sweep is kept for\n"
		 "'plot sweep' and 'export csv'. Ctrl-C stops it, keeping the points done.\n"
		 "'sweep NAME FROM TO STEPS plot [FIGURE]' instead draws FIGURE (by default\n"
		 "the solve's first, or the one that shows a family: imachi's hodograph)\n"
		 "of the 2 to 7 runs together, each in a colour of its own with a key\n"
		 "entry NAME = V, as the figure 'sweep'.",
	 .complete = {COMPLETE_PARAM, COMPLETE_NONE, COMPLETE_NONE, COMPLETE_NONE, COMPLETE_NAME}},
	{.name = "export",
	 .run = cmd_export,
	 .min_args = 2,
	 .max_args = 3,
	 .flags = CMD_NEEDS_EXERCISE,
	 .usage = "export csv FILE [TABLE]",
	 .summary = "write the last sweep or solution as CSV",
	 .help = "Writes a table as CSV (RFC 4180: a header of column names with their\n"
		 "units, then the numbers to 17 digits): the last sweep when it is newer\n"
		 "than the last solve, else the last solve's first table, else the\n"
		 "curves of its first figure. TABLE names another table, a figure, or\n"
		 "'sweep'. The file is written whole or not at all.",
	 .complete = {COMPLETE_FORMAT, COMPLETE_FILE, COMPLETE_TABLE}},
	{.name = "generate",
	 .run = cmd_generate,
	 .min_args = 1,
	 .max_args = -1,
	 .flags = 0,
	 .usage = "generate N [seed S] [format tex|md|txt|moodle|gift] [to DIR] [header FILE] "
		  "[roster "
		  "FILE.csv] "
		  "[force] [ID...]",
	 .summary = "a problem sheet of N random variants and its answer key",
	 .help = "Draws N variants (1 to 1000) of the loaded exercise, or of each exercise\n"
		 "ID named, and writes a problem sheet DIR/sheet.EXT, an answer key\n"
		 "DIR/key.EXT and DIR/manifest.txt (DIR defaults to the current directory\n"
		 "and is created when missing; EXT is the format, tex by default). The\n"
		 "parameters with a 'draw = LO HI' range are drawn uniformly and rounded\n"
		 "to their 'digits'; the others keep the exercise's values. Each variant\n"
		 "of each exercise draws from its own stream (GSL's mt19937 seeded from S,\n"
		 "the exercise's id and the variant's number), so variant k\n"
		 "is the same whatever N is and whatever other exercises are in the set.\n"
		 "Without 'seed S', S is 64 bits from the system's random source (the key\n"
		 "and the manifest name it); a given S under 2^32 is taken with a note.\n"
		 "Each variant is solved as 'solve' solves it. The sheet names each\n"
		 "variant by a code such as KM4-07 (from a SipHash keyed by the seed: it\n"
		 "tells nothing of it) and never gives the seed; it has each\n"
		 "statement and what is asked (an answer's 'text' where the file gives\n"
		 "one; the exercise's 'hint', what to type here, never). The key, by\n"
		 "code, has the drawn values, the answers to the digits their tolerance\n"
		 "needs and the worked steps; it and the manifest name the seed. A draw\n"
		 "whose solve fails, whose asked-for results are not finite, or whose\n"
		 "verdict is no motion, no steady state or Painlevé's paradox (when the\n"
		 "exercise itself is not about that) is drawn again and counted; the key\n"
		 "says how many. Existing files are left alone, and nothing is written,\n"
		 "unless 'force' is given.\n"
		 "'header FILE' (lines 'course = ...', 'title = ...', 'date = ...',\n"
		 "'instructions = ...', a value going on over indented lines) puts the\n"
		 "course's header at the top of every student's page (and, in a\n"
		 "question bank, the set's category's description).\n"
		 "'roster FILE.csv' (a header row, then a student a row: the column\n"
		 "'name', or 'first name' and 'last name', as an LMS exports them) gives\n"
		 "each of the N students a variant, in order, with the name on its page\n"
		 "and beside its code in the key.\n"
		 "'format moodle' writes DIR/questions.xml in place of the sheet, a\n"
		 "question bank in Moodle's XML format (a category for the set, the\n"
		 "header its description; in it a category per exercise, one numerical\n"
		 "question per variant and answer with the answer's tolerance as Moodle's\n"
		 "absolute one, short-answer for a word), and the key as text. 'format\n"
		 "gift' writes the same bank as DIR/questions.txt in Moodle's GIFT format\n"
		 "(the header as a description question).\n"
		 "The same seed gives the same files, byte for byte. The LaTeX is for\n"
		 "pdflatex while every name is ASCII or Latin with OT1's accents, else\n"
		 "for lualatex with Unicode fonts (the manifest and the files' first line\n"
		 "say which); a name no font prints is refused.",
	 .complete = {COMPLETE_NONE, COMPLETE_GENERATE}},
	{.name = "grade",
	 .run = cmd_grade,
	 .min_args = 2,
	 .max_args = 4,
	 .flags = 0,
	 .usage = "grade DIR ANSWERS.csv [to FILE.csv]",
	 .summary = "the students' answers to a generated set, judged as check judges",
	 .help = "Reads ANSWERS.csv (a header row: the student column, then one column\n"
		 "per answer, headed by its name, or 'ID NAME' when two exercises of the\n"
		 "set ask for the same name; then a student a row: a name of the set's\n"
		 "roster or a variant's code, and the answers, with or without a unit,\n"
		 "'1.22 s' or '1220 ms') against the set generate wrote into DIR (its\n"
		 "manifest.txt keeps the exact answers). Each answer is judged as 'check'\n"
		 "judges it: the answer's tolerance, a unit of the wrong kind wrong, and a\n"
		 "hint for a slip ('half the answer: a factor of 2 missing'). Writes, per\n"
		 "student, each answer's verdict and note and the score (as CSV, into\n"
		 "FILE.csv with 'to'), then a line per question: how many got it right and\n"
		 "the commonest mistake. A name matches the roster whatever its case,\n"
		 "accents, punctuation and word order ('O'Brien, Siobhan'), each such\n"
		 "match said. A row of no student is said with the closest roster names\n"
		 "and is in the CSV as 'not graded'; a roster student with no row is in\n"
		 "it as 'no answer'. A cell that is no number is reported with its line;\n"
		 "the others are graded. A decimal comma is read as set and check read\n"
		 "it ('1,4126'; '1,412' is refused as ambiguous; quote such a cell in a\n"
		 "comma-separated file). A column that repeats an answer, or a row that\n"
		 "repeats a student (by name or code), is said with its line and not\n"
		 "graded: the first one counts.",
	 .complete = {COMPLETE_FILE, COMPLETE_FILE, COMPLETE_NONE, COMPLETE_FILE}},
	{.name = "help",
	 .run = cmd_help,
	 .min_args = 0,
	 .max_args = 2,
	 .flags = 0,
	 .usage = "help [COMMAND|TOPIC|NAME|ID|MODEL]",
	 .summary = "the commands, or one in detail",
	 .help = "Lists the commands, or explains one, or a topic: 'help units' lists every\n"
		 "unit tribo knows, by dimension, and 'help keys' the keys of the full screen;\n"
		 "'help law' lists the friction laws and the models that take each, and\n"
		 "'help law NAME' explains one: its parameters with their units, its formula\n"
		 "and the paper's equation. 'help NAME' explains a parameter or result of the\n"
		 "loaded exercise. 'help ID' describes an exercise without loading it: its\n"
		 "title, model, source, the first lines of its statement, its parameters and\n"
		 "what it asks for; 'help MODEL' a model: what it models, its parameters,\n"
		 "choices and results, and its exercises (help imachi, help ragulskis: an\n"
		 "exercise and a model of that name are both described).",
	 .complete = {COMPLETE_COMMAND, COMPLETE_LAW}},
	{.name = "quit",
	 .run = cmd_quit,
	 .min_args = 0,
	 .max_args = 0,
	 .flags = 0,
	 .usage = "quit",
	 .summary = "leave tribo",
	 .help = "Leaves tribo (so does Ctrl-D).",
	 .complete = {COMPLETE_NONE}},
};

enum { NCOMMANDS = sizeof(commands) / sizeof(commands[0]) };

const struct command *const *command_all(void)
{
	static const struct command *all[NCOMMANDS + 1];
	for (size_t i = 0; i < NCOMMANDS; i++)
		all[i] = &commands[i];
	return all;
}

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static const char *command_suggest(const char *name)
{
	const char *names[NCOMMANDS];
	for (size_t i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i].name;
	return text_suggest(name, names, NCOMMANDS);
}

int command_run(struct session *s, const char *line, bool interactive, struct plot_pane *pane,
		struct strbuf *out, struct diag *d, bool *quit)
{
	struct tokens t;
	diag_clear(d);
	/* the one place the flag is cleared: a Ctrl-C from now on stops this
	 * command (solve, sweep, lint, generate…), and none from before it */
	num_interrupted = 0;
	if (tokenize(line, &t, d))
		return -1;
	if (t.n == 0)
		return 0;
	const char *name = t.v[0].text;
	const struct command *cmd = command_find(name);
	int rc = -1;
	if (!cmd) {
		const char *near = command_suggest(name);
		char clip[TEXT_CLIP_SIZE];
		text_clip(name, clip, sizeof(clip));
		if (near)
			diag_set(d, "unknown command '%s' (did you mean '%s'?)", clip, near);
		else
			diag_set(d, "unknown command '%s'; 'help' lists the commands", clip);
		goto done;
	}
	int nargs = (int)t.n - 1;
	if (cmd->flags & CMD_RAW)
		nargs = nargs > 0;
	if (nargs < cmd->min_args || (cmd->max_args >= 0 && nargs > cmd->max_args)) {
		diag_set(d, "%s; usage: %s",
			 nargs < cmd->min_args ? "missing argument" : "too many arguments",
			 cmd->usage);
		diag_prefix(d, "%s: ", name);
		goto done;
	}
	if ((cmd->flags & CMD_NEEDS_EXERCISE) && !session_exercise(s)) {
		diag_set(d, "no exercise loaded: 'load ID' first ('list' shows them)");
		diag_prefix(d, "%s: ", name);
		goto done;
	}
	if ((cmd->flags & CMD_NEEDS_SOLUTION) && !session_solved(s)) {
		diag_set(d, "nothing solved yet: run 'solve' first");
		diag_prefix(d, "%s: ", name);
		goto done;
	}
	if ((cmd->flags & CMD_NEEDS_SOLUTION) && session_stale(s)) {
		diag_set(d, "the results are out of date (%s changed since 'solve'): run 'solve'",
			 session_stale(s));
		diag_prefix(d, "%s: ", name);
		goto done;
	}
	/* the raw rest of the line, without a trailing comment: from the
	 * second word on (the name may have been quoted, so its length in the
	 * line is not strlen(name)) */
	const char *after = t.n > 1 ? line + t.v[1].col - 1 : "";
	char *rest = xstrndup(after, strcspn(after, "#"));
	for (size_t n = strlen(rest); n && isspace((unsigned char)rest[n - 1]); n--)
		rest[n - 1] = '\0';
	struct cmd_ctx c = {.s = s,
			    .args = &t,
			    .line = line,
			    .rest = rest,
			    .rest_off = t.n > 1 ? (size_t)(t.v[1].col - 1) : strlen(line),
			    .out = out,
			    .d = d,
			    .interactive = interactive,
			    .pane = pane};
	rc = cmd->run(&c);
	free(rest);
	if (rc)
		diag_prefix(d, "%s: ", name);
	if (c.quit && quit)
		*quit = true;
done:
	tokens_release(&t);
	return rc;
}

/* ---- help --------------------------------------------------------------- */

/* The keys of the full screen, as `help keys` and tribo(1) tell them. */
static const struct {
	const char *keys, *what;
} screen_keys[] = {
	{"PgUp, PgDn", "scroll the log, or the pane that has the focus"},
	{"F6, Shift-F6",
	 "move the focus forward or back: log, exercise, parameters, results, plot"},
	{"F7", "give the plot the screen, or the panes back, as 'zoom' does"},
	{"Tab", "complete the word; a second Tab lists the choices over the log"},
	{"Up, Down, Ctrl-R", "recall a line of this or an earlier session; search them"},
	{"Ctrl-C", "stop a long solve or sweep (the results from before it stay); at the prompt, "
		   "drop the line"},
	{"Ctrl-L", "repaint the screen"},
	{"Ctrl-D", "leave, as 'quit' does"},
};

static int help_keys(struct cmd_ctx *c)
{
	strbuf_addstr(c->out, "The keys of the full screen (readline's own keys edit the line):\n");
	for (size_t i = 0; i < sizeof(screen_keys) / sizeof(screen_keys[0]); i++) {
		strbuf_addstr(c->out, "  ");
		strbuf_addpad(c->out, screen_keys[i].keys, 18);
		strbuf_addf(c->out, "%s\n", screen_keys[i].what);
	}
	return 0;
}

static int help_units(struct cmd_ctx *c)
{
	unit_list(c->out);
	return 0;
}

/* The models whose law parameter takes `law`, as "rayleigh, ladder". */
static void law_takers(const struct law *law, struct strbuf *out)
{
	size_t n = 0;
	char word[64];
	for (const struct model *const *m = model_all(); *m; m++)
		for (size_t i = 0; i < (*m)->nparams; i++) {
			const struct param_spec *sp = &(*m)->params[i];
			if (!sp->law)
				continue;
			for (int k = 0; k < param_choice_count(sp); k++)
				if (!strcmp(param_choice_word(sp, k, word, sizeof word), law->name))
					strbuf_addf(out, "%s%s", n++ ? ", " : "", (*m)->name);
		}
	if (!n)
		strbuf_addstr(out, "no model");
}

static int help_law(struct cmd_ctx *c)
{
	strbuf_addstr(c->out, "Friction laws (help law NAME for one), and the models that take "
			      "them:\n");
	for (int i = 0; i < LAW_COUNT; i++) {
		const struct law *l = law_get((enum law_id)i);
		strbuf_addstr(c->out, "  ");
		strbuf_addpad(c->out, l->name, 16);
		strbuf_addf(c->out, "%s — %s\n%18staken by ", law_family_name(l->family),
			    l->equation, "");
		law_takers(l, c->out);
		strbuf_addch(c->out, '\n');
	}
	/* the loaded exercise's own law parameter, which `help law` named
	 * before it was a topic */
	const struct exercise *ex = session_exercise(c->s);
	if (ex && model_param_index(ex->model, "law") >= 0) {
		strbuf_addch(c->out, '\n');
		cmd_help_name(c, "law");
	}
	return 0;
}

static int help_law_one(struct cmd_ctx *c, const char *name)
{
	const struct law *l = law_find(name);
	if (!l) {
		char clip[TEXT_CLIP_SIZE];
		struct strbuf all = STRBUF_INIT;
		for (int i = 0; i < LAW_COUNT; i++)
			strbuf_addf(&all, "%s%s", i ? ", " : "", law_get((enum law_id)i)->name);
		diag_set(c->d, "no law '%s'; the laws are %s", text_clip(name, clip, sizeof clip),
			 all.buf);
		strbuf_release(&all);
		return -1;
	}
	strbuf_addf(c->out, "law %s: %s\n", l->name, law_family_name(l->family));
	text_wrap(c->out, l->formula, 76, 2);
	strbuf_addstr(c->out, "Parameters:\n");
	for (size_t i = 0; i < sizeof l->params / sizeof *l->params && l->params[i].name; i++)
		strbuf_addf(c->out, "  %s [%s]: %s\n", l->params[i].name,
			    *l->params[i].unit ? l->params[i].unit : "no unit", l->params[i].doc);
	strbuf_addf(c->out, "Equation: %s\nTaken by: ", l->equation);
	law_takers(l, c->out);
	strbuf_addch(c->out, '\n');
	return 0;
}

/* What `help TOPIC` explains besides the commands. */
static const struct {
	const char *name;
	int (*show)(struct cmd_ctx *c);
	const char *summary;
} topics[] = {
	{"units", help_units, "every unit tribo knows, by dimension"},
	{"law", help_law, "the friction laws, and the models that take each"},
	{"keys", help_keys, "the keys of the full screen"},
};

enum { NTOPICS = sizeof(topics) / sizeof(topics[0]) };

static int help_one(struct cmd_ctx *c, const char *name)
{
	const struct command *cmd = command_find(name);
	if (cmd) {
		strbuf_addf(c->out, "usage: %s\n%s\n", cmd->usage, cmd->help);
		return 0;
	}
	for (size_t i = 0; i < NTOPICS; i++)
		if (!strcmp(topics[i].name, name))
			return topics[i].show(c);
	if (cmd_help_name(c, name) == 0 || cmd_help_exercise(c, name) == 0)
		return 0;
	/* the nearest command, topic, exercise or model */
	struct catalog cat;
	catalog_scan(&cat);
	size_t n = 0;
	const char **names = xmalloc((NCOMMANDS + NTOPICS + cat.n + 64) * sizeof(*names));
	for (size_t i = 0; i < NCOMMANDS; i++)
		names[n++] = commands[i].name;
	for (size_t i = 0; i < NTOPICS; i++)
		names[n++] = topics[i].name;
	for (size_t i = 0; i < cat.n; i++)
		names[n++] = cat.entry[i].id;
	for (const struct model *const *m = model_all(); *m && n < NCOMMANDS + NTOPICS + cat.n + 63;
	     m++)
		names[n++] = (*m)->name;
	const char *near = text_suggest(name, names, n);
	char clip[TEXT_CLIP_SIZE];
	text_clip(name, clip, sizeof(clip));
	int rc;
	if (near && command_find(near))
		rc = diag_set(c->d, "no command '%s' (did you mean '%s'?)", clip, near);
	else if (near)
		rc = diag_set(c->d,
			      "no command, topic, exercise or model '%s' (did you mean '%s'?)",
			      clip, near);
	else
		rc = diag_set(c->d, "no command, topic, %sexercise or model '%s'",
			      session_exercise(c->s) ? "parameter, result, " : "", clip);
	free(names);
	catalog_release(&cat);
	return rc;
}

int cmd_help(struct cmd_ctx *c)
{
	if (c->args->n == 3) {
		if (strcmp(c->args->v[1].text, "law"))
			return diag_set(c->d, "too many arguments: only 'help law NAME' takes two");
		return help_law_one(c, c->args->v[2].text);
	}
	if (c->args->n == 2)
		return help_one(c, c->args->v[1].text);
	strbuf_addstr(c->out, "Commands (help COMMAND for more):\n");
	for (size_t i = 0; i < NCOMMANDS; i++) {
		strbuf_addstr(c->out, "  ");
		/* a usage too long for the column puts its summary below */
		if (utf8_width(commands[i].usage) >= 26)
			strbuf_addf(c->out, "%s\n%28s", commands[i].usage, "");
		else
			strbuf_addpad(c->out, commands[i].usage, 26);
		strbuf_addf(c->out, "%s\n", commands[i].summary);
	}
	strbuf_addstr(c->out, "Topics:\n");
	for (size_t i = 0; i < NTOPICS; i++) {
		char usage[64];
		snprintf(usage, sizeof(usage), "help %s", topics[i].name);
		strbuf_addstr(c->out, "  ");
		strbuf_addpad(c->out, usage, 26);
		strbuf_addf(c->out, "%s\n", topics[i].summary);
	}
	strbuf_addstr(c->out, "  ");
	strbuf_addpad(c->out, "help NAME", 26);
	strbuf_addstr(c->out, "a parameter or result of the loaded exercise\n");
	strbuf_addstr(c->out, "  ");
	strbuf_addpad(c->out, "help ID, help MODEL", 26);
	strbuf_addstr(c->out, "an exercise (without loading it), or a model\n");
	return 0;
}

int cmd_quit(struct cmd_ctx *c)
{
	c->quit = true;
	return 0;
}

/* ---- completion ------------------------------------------------------- */

struct cands {
	char **v;
	size_t n;
	const char *prefix;
};

static void cand_add(struct cands *c, const char *word)
{
	if (strncmp(word, c->prefix, strlen(c->prefix)))
		return;
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i], word))
			return;
	c->v = xrealloc(c->v, (c->n + 2) * sizeof(char *));
	c->v[c->n++] = xstrdup(word);
	c->v[c->n] = NULL;
}

char **command_complete(const struct session *s, const char *line, size_t start, bool *files)
{
	struct tokens t;
	struct diag d;
	char *head = xstrndup(line, start);
	struct cands c = {xcalloc(1, sizeof(char *)), 0, line + start};
	*files = false;
	/* the word being completed ends at the first blank after start */
	char *prefix = xstrdup(line + start);
	prefix[strcspn(prefix, " \t")] = '\0';
	c.prefix = prefix;
	if (tokenize(head, &t, &d)) {
		free(head);
		free(prefix);
		return c.v;
	}
	enum complete_kind kind = COMPLETE_COMMAND;
	if (t.n > 0) {
		const struct command *cmd = command_find(t.v[0].text);
		size_t argi = t.n - 1; /* index of the argument being completed */
		size_t last = 0;       /* the last argument kind the table gives */
		for (size_t i = 0; cmd && i < CMD_COMPLETE_MAX; i++)
			if (cmd->complete[i] != COMPLETE_NONE)
				last = i;
		if (!cmd)
			kind = COMPLETE_NONE;
		else if (argi <= last)
			kind = cmd->complete[argi];
		else
			kind = cmd->max_args < 0 ? cmd->complete[last] : COMPLETE_NONE;
		/* plot's words after the name: a file after 'to' */
		if (kind == COMPLETE_NONE && cmd && cmd->complete[0] == COMPLETE_FIGURE)
			kind = COMPLETE_FIGURE;
		if (kind == COMPLETE_FIGURE && t.n >= 2 && !strcmp(t.v[t.n - 1].text, "to"))
			kind = COMPLETE_FILE;
		if (kind == COMPLETE_LAW && strcmp(t.v[1].text, "law"))
			kind = COMPLETE_NONE;
		/* generate's words take a value: a format, a directory, a seed */
		if (kind == COMPLETE_GENERATE && t.n >= 3) {
			const char *w = t.v[t.n - 1].text;
			if (!strcmp(w, "to") || !strcmp(w, "roster") || !strcmp(w, "header"))
				kind = COMPLETE_FILE;
			else if (!strcmp(w, "format"))
				kind = COMPLETE_FORMAT;
			else if (!strcmp(w, "seed"))
				kind = COMPLETE_NONE;
		}
	}
	const struct exercise *ex = s ? session_exercise(s) : NULL;
	const char *names[256];
	switch (kind) {
	case COMPLETE_NONE:
		break;
	case COMPLETE_COMMAND:
		for (size_t i = 0; i < NCOMMANDS; i++)
			cand_add(&c, commands[i].name);
		for (size_t i = 0; t.n > 0 && i < NTOPICS; i++)
			cand_add(&c, topics[i].name);
		if (t.n > 0 && !strcmp(t.v[0].text, "help")) { /* help ID, help MODEL */
			struct catalog cat;
			catalog_scan(&cat);
			for (size_t i = 0; i < cat.n; i++)
				cand_add(&c, cat.entry[i].id);
			catalog_release(&cat);
			for (const struct model *const *m = model_all(); *m; m++)
				cand_add(&c, (*m)->name);
		}
		break;
	case COMPLETE_EXERCISE: {
		struct catalog cat;
		catalog_scan(&cat);
		for (size_t i = 0; i < cat.n; i++)
			cand_add(&c, cat.entry[i].id);
		catalog_release(&cat);
		*files = true;
		break;
	}
	case COMPLETE_PARAM:
	case COMPLETE_NAME:
	case COMPLETE_EXPR: {
		size_t n = session_names(s, names, 256, true, kind != COMPLETE_PARAM);
		for (size_t i = 0; i < n; i++)
			cand_add(&c, names[i]);
		if (kind == COMPLETE_EXPR)
			for (const char *const *f = expr_functions(); *f; f++)
				cand_add(&c, *f);
		break;
	}
	case COMPLETE_VALUE: {
		int p = ex && t.n >= 2 ? model_param_index(ex->model, t.v[1].text) : -1;
		if (p >= 0 && ex->model->params[p].kind == PARAM_CHOICE) {
			char buf[64];
			const struct param_spec *sp = &ex->model->params[p];
			for (int i = 0; i < param_choice_count(sp); i++)
				cand_add(&c, param_choice_word(sp, i, buf, sizeof(buf)));
		}
		break;
	}
	case COMPLETE_FIGURE:
	case COMPLETE_TABLE: {
		/* after 'window' only its own word */
		if (kind == COMPLETE_FIGURE && t.n >= 2 && !strcmp(t.v[t.n - 1].text, "window")) {
			cand_add(&c, "persist");
			break;
		}
		const struct figures *fs = s ? session_figures(s) : NULL;
		for (size_t i = 0; fs && kind == COMPLETE_TABLE && i < fs->ntab; i++)
			cand_add(&c, fs->tab[i].name);
		char why[160];
		for (size_t i = 0; fs && i < fs->nfig; i++)
			if (!figure_empty(&fs->fig[i], why, sizeof why))
				cand_add(&c, fs->fig[i].name); /* never one with nothing to show */
		if (s && session_sweep(s)->nfig)
			cand_add(&c, "sweep");
		if (kind == COMPLETE_FIGURE && fs && fs->nfig)
			cand_add(&c, "scene");
		if (kind == COMPLETE_FIGURE) {
			cand_add(&c, "to");
			cand_add(&c, "window");
		}
		break;
	}
	case COMPLETE_FORMAT:
		if (t.n && !strcmp(t.v[0].text, "generate")) {
			cand_add(&c, "tex");
			cand_add(&c, "md");
			cand_add(&c, "txt");
			cand_add(&c, "moodle");
			cand_add(&c, "gift");
		} else {
			cand_add(&c, "csv");
		}
		break;
	case COMPLETE_GENERATE: {
		struct catalog cat;
		cand_add(&c, "seed");
		cand_add(&c, "format");
		cand_add(&c, "to");
		cand_add(&c, "roster");
		cand_add(&c, "header");
		cand_add(&c, "force");
		catalog_scan(&cat);
		for (size_t i = 0; i < cat.n; i++)
			cand_add(&c, cat.entry[i].id);
		catalog_release(&cat);
		break;
	}
	case COMPLETE_LAW:
		for (int i = 0; i < LAW_COUNT; i++)
			cand_add(&c, law_get((enum law_id)i)->name);
		break;
	case COMPLETE_FILE:
		*files = true;
		break;
	case COMPLETE_UNIT: {
		int p = ex && t.n >= 2 ? model_param_index(ex->model, t.v[1].text) : -1;
		for (const char *const *u = unit_names(); *u; u++) {
			struct unit a;
			if (p >= 0 && !unit_parse(*u, &a, &d) &&
			    !unit_same_dim(&a, &ex->params[p].u))
				continue;
			cand_add(&c, *u);
		}
		break;
	}
	}
	tokens_release(&t);
	free(head);
	free(prefix);
	return c.v;
}
