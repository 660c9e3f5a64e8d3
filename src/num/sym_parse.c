/* Symbolic expressions read from text (num/sym_tree.h): libmatheval's
 * grammar into a tree. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/sym.h"
#include "num/sym_tree.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- reading text --------------------------------------------------------- */

void read_blank(struct reader *r)
{
	while (*r->p == ' ' || *r->p == '\t')
		r->p++;
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool ident(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && digit(c));
}

struct node *read_sum(struct reader *r);

static struct node *atom(struct reader *r)
{
	read_blank(r);
	const char *s = r->p;
	if (*s == '(') {
		r->p++;
		struct node *n = read_sum(r);
		read_blank(r);
		if (*r->p == ')')
			r->p++;
		else if (!r->bad)
			r->bad = r->p;
		return n;
	}
	if (digit(*s) || (*s == '.' && digit(s[1]))) {
		const char *e = s;
		while (digit(*e))
			e++;
		if (*e == '.')
			for (e++; digit(*e); e++)
				;
		if ((*e == 'e' || *e == 'E') &&
		    (digit(e[1]) || ((e[1] == '+' || e[1] == '-') && digit(e[2]))))
			for (e += 2; digit(*e); e++)
				;
		char buf[64];
		size_t len = (size_t)(e - s) < sizeof(buf) - 1 ? (size_t)(e - s) : sizeof(buf) - 1;
		memcpy(buf, s, len);
		buf[len] = 0;
		r->p = e;
		return N(strtod(buf, NULL));
	}
	if (!ident(*s, true)) {
		if (!r->bad)
			r->bad = s;
		return N(0);
	}
	const char *e = s;
	while (ident(*e, false))
		e++;
	const size_t len = (size_t)(e - s);
	r->p = e;
	for (int k = 0; sym_constants[k]; k++)
		if (strlen(sym_constants[k]) == len && !strncmp(sym_constants[k], s, len)) {
			struct node *c = nd('c');
			c->k = k;
			return c;
		}
	for (int k = 0; k < F_N; k++)
		if (strlen(sym_fns[k].name) == len && !strncmp(sym_fns[k].name, s, len)) {
			read_blank(r);
			if (*r->p != '(') {
				if (!r->bad)
					r->bad = r->p;
				return N(0);
			}
			return F(k, atom(r));
		}
	for (size_t i = 0; i < r->nnames; i++)
		if (strlen(r->names[i]) == len && !strncmp(r->names[i], s, len)) {
			struct node *v = nd('v');
			v->k = (int)i;
			return v;
		}
	if (!r->bad)
		r->bad = s;
	return N(0);
}

static struct node *negation(struct reader *r);

static struct node *power(struct reader *r)
{
	struct node *n = atom(r);
	for (;;) {
		read_blank(r);
		if (*r->p != '^')
			return n;
		r->p++;
		read_blank(r);
		n = B('^', n, *r->p == '-' ? negation(r) : atom(r));
	}
}

static struct node *negation(struct reader *r)
{
	read_blank(r);
	if (*r->p != '-')
		return power(r);
	r->p++;
	return U(negation(r));
}

static struct node *product(struct reader *r)
{
	struct node *n = negation(r);
	for (;;) {
		read_blank(r);
		if (*r->p != '*' && *r->p != '/')
			return n;
		char op = *r->p++;
		n = B(op, n, negation(r));
	}
}

struct node *read_sum(struct reader *r)
{
	struct node *n = product(r);
	for (;;) {
		read_blank(r);
		if (*r->p != '+' && *r->p != '-')
			return n;
		char op = *r->p++;
		n = B(op, n, product(r));
	}
}
