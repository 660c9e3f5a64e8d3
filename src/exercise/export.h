/* `export csv`: the table a session's last solve or sweep gives, and a
 * table written as CSV (RFC 4180). Nothing here prints: text comes back in
 * a strbuf, failures in a struct diag. */
#ifndef TRIBO_EXPORT_H
#define TRIBO_EXPORT_H

#include "exercise/session.h"
#include "num/figure.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* The name that gives the last sweep's table (and its figure, to `plot`). */
#define EXPORT_SWEEP "sweep"

/* The table `export csv` writes. By name: a table of the last solve,
 * EXPORT_SWEEP, or a figure's curves. Without: the last sweep when it is
 * newer than the last solve, else the first table of the last solve, else
 * the curves of its first figure. Curves become a table in *scratch
 * (figures_release it). NULL with d set when there is nothing. */
const struct table *export_table(const struct session *s, const char *name, struct figures *scratch,
				 struct diag *d);
/* A figure's curves as a table added to `into`: x and y columns (the
 * band's two edges for a filled curve), one x column for all when the
 * curves share their x, else one per curve; shorter columns are padded
 * with NaN. */
const struct table *export_figure_table(const struct figure *f, struct figures *into);
/* A table as CSV (RFC 4180): a header of the column names with their
 * units, then %.17g numbers; NaN and inf for what is not finite. */
void export_csv(const struct table *t, struct strbuf *out);
/* export_csv into a file, written whole or not at all. */
int export_csv_file(const struct table *t, const char *path, struct diag *d);

#endif
