/* libFuzzer: the exercise-file parser on arbitrary bytes. A file that
 * parses is loaded into a session and its statement filled in, so that
 * what the parser lets through is used the way `load` and `show` use it. */
#include <stddef.h>
#include <stdint.h>

#include "exercise/exercise.h"
#include "exercise/session.h"
#include "num/num.h"
#include "util/diag.h"
#include "util/strbuf.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	num_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d;
	struct strbuf out = STRBUF_INIT;
	struct exercise *ex = exercise_parse("fuzz.ini", (const char *)data, size, &d);
	if (!ex) {
		diag_format(&d, &out);
		strbuf_release(&out);
		return 0;
	}
	struct session *s = session_new();
	session_adopt(s, ex);
	session_statement(s, &out);
	for (size_t i = 0; i < ex->model->nparams; i++) {
		char range[128];
		session_param_text(s, i, &out);
		if (ex->params[i].spec->kind == PARAM_NUMBER)
			ex_param_range(&ex->params[i], range, sizeof(range));
	}
	strbuf_release(&out);
	session_free(s);
	return 0;
}
