#include "util/text.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/xalloc.h"

int text_parse_double(const char *s, double *out, const char **why)
{
	char *end;
	const char *p = s;
	while (isspace((unsigned char)*p))
		p++;
	/* strtod also takes hex floats, "nan" and "infinity": accept only
	 * decimal numbers, and name the non-finite ones. */
	if (!*p || !(isdigit((unsigned char)*p) || *p == '.' || *p == '-' || *p == '+')) {
		const char *q = p + (*p == '-' || *p == '+');
		if (!strncasecmp(q, "nan", 3) || !strncasecmp(q, "inf", 3))
			*why = "is not finite";
		else
			*why = "is not a number";
		return -1;
	}
	const char *q = p + (*p == '-' || *p == '+');
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		*why = "is not a decimal number";
		return -1;
	}
	if (!strncasecmp(q, "nan", 3) || !strncasecmp(q, "inf", 3)) {
		*why = "is not finite";
		return -1;
	}
	errno = 0;
	double v = strtod(p, &end);
	if (end == p) {
		*why = "is not a number";
		return -1;
	}
	while (isspace((unsigned char)*end))
		end++;
	if (*end) {
		*why = "is not a number";
		return -1;
	}
	if (errno == ERANGE && fabs(v) > 1.0) {
		*why = "is out of range (too large for a double)";
		return -1;
	}
	/* a number that underflows to 0 was read as 0 ("set m 1e-330" said
	 * m = 0 kg, issue 43); a subnormal keeps its value, with fewer digits */
	if (errno == ERANGE && v == 0) {
		*why = "is out of range (too small for a double: it would read as 0)";
		return -1;
	}
	if (!isfinite(v)) {
		*why = "is not finite";
		return -1;
	}
	*out = v;
	return 0;
}

int text_parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end || errno || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return SIZE_MAX;
	size_t d[65][65];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) !=
				      tolower((unsigned char)b[j - 1]);
			size_t m = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < m)
				m = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < m)
				m = d[i - 1][j - 1] + cost;
			/* a transposition is one slip, not two */
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < m)
				m = d[i - 2][j - 2] + 1;
			d[i][j] = m;
		}
	return d[la][lb];
}

const char *text_suggest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX;
	size_t len = strlen(word);
	size_t limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(word, cands[i]);
		if (d < best_d) {
			best_d = d;
			best = cands[i];
		}
	}
	return best_d <= limit ? best : NULL;
}

const char *text_did_you_mean(const char *word, const char *const *cands, size_t n, char *buf,
			      size_t size)
{
	const char *near = text_suggest(word, cands, n);
	if (near)
		snprintf(buf, size, " (did you mean '%s'?)", near);
	else if (size)
		buf[0] = '\0';
	return buf;
}

bool text_is_name(const char *s)
{
	if (!(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

const char *text_clip(const char *s, char *buf, size_t n)
{
	size_t len = strlen(s);
	if (len < n) {
		memcpy(buf, s, len + 1);
		return buf;
	}
	size_t k = n - sizeof("…"); /* room for "…" and the NUL */
	if (k > 60)
		k = 60;
	/* whole characters, each with its combining marks (x and the dot of ẋ) */
	size_t cut = 0;
	for (size_t i = 0;;) {
		uint32_t c;
		size_t len1 = utf8_decode(s + i, &c);
		if (i + len1 > k)
			break;
		i += len1;
		utf8_decode(s + i, &c);
		if (!(c >= 0x300 && utf8_cp_width(c) == 0))
			cut = i;
	}
	snprintf(buf, n, "%.*s…", (int)cut, s);
	return buf;
}

void text_format_number(double x, char *buf, size_t n)
{
	if (x == 0.0)
		x = 0.0; /* no "-0" */
	snprintf(buf, n, "%.12g", x);
}

static void wrap(struct strbuf *out, const char *s, int width, int first, int indent)
{
	int col = 0;
	bool first_line = true;
	const char *p = s;
	while (*p) {
		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			break;
		size_t n = strcspn(p, " \n");
		char word[512];
		snprintf(word, sizeof(word), "%.*s", (int)(n < sizeof(word) ? n : sizeof(word) - 1),
			 p);
		int w = utf8_width(word);
		if (col > 0 && col + 1 + w > width) {
			strbuf_addch(out, '\n');
			col = 0;
			first_line = false;
		}
		if (col == 0) {
			int in = first_line ? first : indent;
			for (int i = 0; i < in; i++)
				strbuf_addch(out, ' ');
			col = in;
		} else {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, p, n);
		col += w;
		p += n;
	}
	if (col > 0)
		strbuf_addch(out, '\n');
}

void text_wrap(struct strbuf *out, const char *s, int width, int indent)
{
	wrap(out, s, width, indent, indent);
}

void text_wrap_lines(struct strbuf *out, const char *s, int width)
{
	while (*s) {
		size_t n = strcspn(s, "\n");
		char *line = xstrndup(s, n);
		if (utf8_width(line) <= width) {
			strbuf_addstr(out, line);
			strbuf_addch(out, '\n');
		} else {
			int lead = (int)strspn(line, " ");
			wrap(out, line, width, lead, lead + 4);
		}
		free(line);
		s += n;
		if (*s == '\n')
			s++;
	}
}
