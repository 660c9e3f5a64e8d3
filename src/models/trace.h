/* The run record under its old names, for lagrange_run.c and lagrange.c
 * alone until their runtime moves onto dyn/phase.h (being rewritten
 * apart); nothing else includes this. */
#ifndef TRIBO_TRACE_H
#define TRIBO_TRACE_H

#include "dyn/record.h"

#define trace	      record
#define TRACE_MAX     RECORD_MAX
#define trace_init    record_init
#define trace_release record_release
#define trace_wrap    record_wrap
#define trace_point   record_point
#define trace_mark    record_mark
#define trace_row     record_row

#endif
