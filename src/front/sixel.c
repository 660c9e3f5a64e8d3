#include "front/sixel.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum {
	ANSWER_MS = 1000, /* what a terminal that answers nothing costs, once */
	LATE_MS = 60,	  /* after that, for a reply still on its way */
	MAX_IMAGE = 4096, /* the largest picture believed, in pixels a side */
};

/* ---- the replies ------------------------------------------------------- */

/* The numbers of a CSI's parameters ("6;17;9" -> 6 17 9); returns their count. */
static int params(const unsigned char *p, size_t n, int *v, int most)
{
	int k = 0;
	long cur = -1;
	for (size_t i = 0; i < n; i++) {
		if (p[i] >= '0' && p[i] <= '9') {
			cur = (cur < 0 ? 0 : cur) * 10 + (p[i] - '0');
			if (cur > 1000000)
				cur = 1000000;
		} else if (p[i] == ';') {
			if (k < most)
				v[k++] = cur < 0 ? 0 : (int)cur;
			cur = -1;
		}
	}
	if (k < most)
		v[k++] = cur < 0 ? 0 : (int)cur;
	return k;
}

/* Whether the CSI with parameters p (n bytes, after the introducer) and
 * final byte f is a reply of ours; if so its content goes into r. */
static bool take_reply(const unsigned char *p, size_t n, unsigned char f, struct sixel_replies *r)
{
	int v[32];
	bool private = n > 0 && p[0] == '?';
	if (f == 'c' && private) {
		int k = params(p + 1, n - 1, v, 32);
		r->da1 = true;
		for (int i = 1; i < k; i++) /* v[0] is the terminal's class */
			r->sixel |= v[i] == 4;
		snprintf(r->attrs, sizeof(r->attrs), "%.*s", (int)n, (const char *)p);
		return true;
	}
	if (f == 't' && !private) {
		int k = params(p, n, v, 32);
		if (k == 3 && (v[0] == 4 || v[0] == 6)) {
			if (v[0] == 6)
				r->cell_h = v[1], r->cell_w = v[2];
			else
				r->area_h = v[1], r->area_w = v[2];
			return true;
		}
		return false;
	}
	if (f == 'S' && private) {
		int k = params(p + 1, n - 1, v, 32);
		if (k == 3 && v[0] == 1) {
			if (v[1] == 0)
				r->registers = v[2];
			return true;
		}
		if (k == 4 && v[0] == 2) {
			if (v[1] == 0)
				r->max_w = v[2], r->max_h = v[3];
			return true;
		}
	}
	return false;
}

/* Whether the escape at buf[i] opens a control string (OSC, DCS, APC, PM,
 * SOS: ESC ] P _ ^ X, or their 8-bit forms), which ends at BEL or ST;
 * returns the introducer's length, else 0. */
static size_t string_intro(const unsigned char *buf, size_t i, size_t n)
{
	unsigned char c = buf[i];
	if (c == 0x9d || c == 0x90 || c == 0x9f || c == 0x9e || c == 0x98)
		return 1;
	if (c == 0x1b && i + 1 < n && strchr("]P_^X", buf[i + 1]) && buf[i + 1])
		return 2;
	return 0;
}

/* The end of the control string whose body starts at j: the index after
 * its BEL or ST (ESC \ or 0x9c), or 0 when it has not come yet. */
static size_t string_end(const unsigned char *buf, size_t j, size_t n)
{
	for (; j < n; j++) {
		if (buf[j] == 0x07 || buf[j] == 0x9c)
			return j + 1;
		if (buf[j] == 0x1b && j + 1 < n && buf[j + 1] == '\\')
			return j + 2;
	}
	return 0;
}

size_t sixel_parse(unsigned char *buf, size_t n, struct sixel_replies *r, size_t *kept_reply)
{
	size_t out = 0, i = 0;
	*kept_reply = 0;
	while (i < n) {
		/* a control string (a terminal's OSC or DCS reply): never a key,
		 * dropped whole; held while it is not whole */
		size_t s = string_intro(buf, i, n);
		if (s) {
			size_t end = string_end(buf, i + s, n);
			if (!end) {
				*kept_reply = n - i;
				memmove(buf + out, buf + i, n - i);
				out += n - i;
				break;
			}
			i = end;
			continue;
		}
		/* CSI: ESC [, or the 8-bit 0x9b */
		size_t intro = 0;
		if (buf[i] == 0x9b)
			intro = 1;
		else if (buf[i] == 0x1b && i + 1 < n && buf[i + 1] == '[')
			intro = 2;
		if (!intro) {
			if (buf[i] == 0x1b && i + 1 == n) { /* the start of one, perhaps */
				*kept_reply = 1;
				buf[out++] = buf[i];
				break;
			}
			buf[out++] = buf[i++];
			continue;
		}
		/* parameters 0x30-0x3f, intermediates 0x20-0x2f, a final 0x40-0x7e */
		size_t j = i + intro;
		while (j < n && buf[j] >= 0x20 && buf[j] <= 0x3f)
			j++;
		if (j == n) { /* not whole yet */
			*kept_reply = n - i;
			memmove(buf + out, buf + i, n - i);
			out += n - i;
			break;
		}
		size_t end = j + 1;
		const unsigned char *p = buf + i + intro;
		size_t np = j - i - intro;
		if (buf[j] >= 0x40 && buf[j] <= 0x7e && take_reply(p, np, buf[j], r)) {
			i = end;
			continue;
		}
		/* Replies that are not ours, never keys: any device attributes
		 * (c), window reports (t), private S; a reply garbled after a
		 * separator (ESC [ 4 ; abc t: no key has a letter after ';'), up
		 * to a 't' or the end of its printable run. Anything else is a
		 * key (an arrow is ESC [ A) and is kept. */
		bool garbled = np > 0 && p[np - 1] == ';' && buf[j] >= 'a' && buf[j] <= 'z';
		if (garbled) {
			while (end < n && buf[end] >= 0x20 && buf[end] < 0x7f &&
			       buf[end - 1] != 't')
				end++;
		} else if (!(buf[j] == 'c' || buf[j] == 't' ||
			     (buf[j] == 'S' && np && p[0] == '?'))) {
			memmove(buf + out, buf + i, end - i);
			out += end - i;
		}
		i = end;
	}
	return out;
}

/* ---- asking ---------------------------------------------------------------- */

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static int write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EAGAIN) {
			struct pollfd p = {.fd = fd, .events = POLLOUT};
			poll(&p, 1, 100);
			continue;
		}
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Sends a query that ends in CSI c and reads until its reply comes or
 * ms pass; what else the terminal or the user sent stays in buf. */
static bool ask(int in, int out, const char *query, unsigned char *buf, size_t cap, size_t *n,
		struct sixel_replies *r, int ms)
{
	r->da1 = false;
	if (write_all(out, query, strlen(query)))
		return false;
	size_t kept = 0;
	for (long end = now_ms() + ms; !r->da1;) {
		long left = end - now_ms();
		if (left <= 0)
			break;
		struct pollfd p = {.fd = in, .events = POLLIN};
		int rc = poll(&p, 1, (int)left);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc <= 0)
			break;
		if (*n == cap) /* a flood of keys: the oldest go */
			*n = 0;
		ssize_t got = read(in, buf + *n, cap - *n);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0)
			break;
		*n = sixel_parse(buf, *n + (size_t)got, r, &kept);
	}
	if (r->da1)
		*n -= kept; /* nothing of ours is still coming */
	return r->da1;
}

/* A cell a terminal may have: a claim beyond 64x128 px (a 128x256 cell on
 * a 300x90 terminal made gnuplot draw a 38400x23040 picture, about 1 GB)
 * is not believed, and the next source is asked. */
static bool sane_cell(int w, int h)
{
	return w >= 4 && w <= 64 && h >= 6 && h <= 128;
}

/* After the replies: whatever the terminal still says within ms (a
 * second answer to the device attributes, a late report) is parsed out
 * too, so that none of it reaches curses as keys; a reply cut at the end
 * is dropped. */
static void drain(int in, unsigned char *buf, size_t cap, size_t *n, int ms)
{
	struct sixel_replies late = {0};
	size_t kept = 0;
	for (long end = now_ms() + ms;;) {
		long left = end - now_ms();
		struct pollfd p = {.fd = in, .events = POLLIN};
		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			break;
		if (*n == cap)
			*n = 0;
		ssize_t got = read(in, buf + *n, cap - *n);
		if (got <= 0)
			break;
		*n = sixel_parse(buf, *n + (size_t)got, &late, &kept);
	}
	*n -= kept;
}

void sixel_resize(int fd, int cols, int rows, struct sixel_term *t)
{
	struct winsize ws;
	if (!t->ask_size || ioctl(fd, TIOCGWINSZ, &ws) || cols <= 0 || rows <= 0)
		return;
	int w = ws.ws_xpixel / cols, h = ws.ws_ypixel / rows;
	if (sane_cell(w, h))
		t->cell_w = w, t->cell_h = h;
}

void sixel_detect(int in, int out, struct sixel_term *t, unsigned char *typed, size_t cap,
		  size_t *ntyped)
{
	memset(t, 0, sizeof(*t));
	*ntyped = 0;
	const char *env = getenv("TRIBO_GRAPHICS");
	bool force = false;
	if (env && *env) {
		if (!strcmp(env, "text")) {
			snprintf(t->why, sizeof(t->why),
				 "plots as text (TRIBO_GRAPHICS=text; =sixel draws pictures)");
			return;
		}
		if (strcmp(env, "sixel")) {
			snprintf(t->why, sizeof(t->why),
				 "plots as text: TRIBO_GRAPHICS='%.40s' is neither sixel nor text",
				 env);
			return;
		}
		force = true;
	} else if (getenv("NO_COLOR")) {
		snprintf(t->why, sizeof(t->why),
			 "plots as text (NO_COLOR is set; TRIBO_GRAPHICS=sixel draws pictures)");
		return;
	}
	struct termios saved, raw;
	if (!isatty(in) || !isatty(out) || tcgetattr(in, &saved)) {
		snprintf(t->why, sizeof(t->why), "plots as text: no terminal to ask");
		return;
	}
	raw = saved;
	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	tcsetattr(in, TCSANOW, &raw);

	unsigned char buf[512];
	size_t n = 0;
	struct sixel_replies r = {0};
	/* the sizes first: the device attributes, which every terminal
	 * answers, come after them and end the wait */
	bool answered = ask(in, out, "\033[14t\033[16t\033[c", buf, sizeof(buf), &n, &r, ANSWER_MS);
	bool sixel = answered && (r.sixel || force);
	bool graphics_answered = true;
	if (sixel) {
		struct sixel_replies r2 = r;
		graphics_answered = ask(in, out, "\033[?1;1S\033[?2;1S\033[c", buf, sizeof(buf), &n,
					&r2, ANSWER_MS);
		r.registers = r2.registers;
		r.max_w = r2.max_w;
		r.max_h = r2.max_h;
	}
	if (answered && graphics_answered)
		drain(in, buf, sizeof(buf), &n, LATE_MS);
	if (!answered || !graphics_answered) {
		/* a reply may still be on its way: it must not become keys */
		struct timespec pause = {0, LATE_MS * 1000000L};
		nanosleep(&pause, NULL);
		tcflush(in, TCIFLUSH);
		n = 0;
	}
	tcsetattr(in, TCSANOW, &saved);
	*ntyped = n < cap ? n : cap;
	memcpy(typed, buf, *ntyped);

	if (!answered && !force) {
		snprintf(t->why, sizeof(t->why),
			 "plots as text: the terminal did not answer the device attributes query "
			 "(CSI c) within %d ms",
			 ANSWER_MS);
		return;
	}
	if (!r.sixel && !force) {
		snprintf(t->why, sizeof(t->why),
			 "plots as text: the terminal does not show sixel images (its device "
			 "attributes: %s); TRIBO_GRAPHICS=sixel forces pictures",
			 r.attrs);
		return;
	}
	/* the cell in pixels: as the terminal says it, else the kernel's
	 * window size, else the text area over the cells */
	struct winsize ws = {0};
	bool have_ws = !ioctl(out, TIOCGWINSZ, &ws) && ws.ws_col > 0 && ws.ws_row > 0;
	const char *from = "CSI 16 t";
	t->cell_w = r.cell_w, t->cell_h = r.cell_h;
	if (!sane_cell(t->cell_w, t->cell_h) && have_ws) {
		t->cell_w = ws.ws_xpixel / ws.ws_col;
		t->cell_h = ws.ws_ypixel / ws.ws_row;
		t->ask_size = true;
		from = "TIOCGWINSZ";
	}
	if (!sane_cell(t->cell_w, t->cell_h) && have_ws) {
		t->cell_w = r.area_w / ws.ws_col;
		t->cell_h = r.area_h / ws.ws_row;
		t->ask_size = false;
		from = "CSI 14 t";
	}
	if (!sane_cell(t->cell_w, t->cell_h)) {
		snprintf(t->why, sizeof(t->why),
			 "plots as text: the terminal shows sixel images but gives no cell size "
			 "in pixels (CSI 16 t, TIOCGWINSZ, CSI 14 t)");
		t->cell_w = t->cell_h = 0;
		return;
	}
	t->on = true;
	t->registers = r.registers;
	/* a larger image is not shown at all by xterm, whose default limit
	 * this is, and by a VT340 */
	bool said = r.max_w >= 64 && r.max_h >= 64;
	t->max_w = said ? r.max_w : 1000;
	t->max_h = said ? r.max_h : 1000;
	/* and no larger than a 4096x4096 picture, whatever it claims */
	t->max_w = t->max_w < MAX_IMAGE ? t->max_w : MAX_IMAGE;
	t->max_h = t->max_h < MAX_IMAGE ? t->max_h : MAX_IMAGE;
	char regs[160] = "";
	if (r.registers)
		snprintf(regs, sizeof(regs), ", %d colour registers", r.registers);
	snprintf(regs + strlen(regs), sizeof(regs) - strlen(regs), ", images up to %dx%d%s",
		 t->max_w, t->max_h,
		 said		     ? ""
		 : graphics_answered ? " (not said: xterm's default)"
				     : " (the graphics query went unanswered: xterm's default)");
	snprintf(t->why, sizeof(t->why),
		 "plots as pictures: the terminal %s sixel images (cells %dx%d px from %s%s); "
		 "TRIBO_GRAPHICS=text turns them off",
		 r.sixel ? "shows" : "is taken to show (TRIBO_GRAPHICS=sixel)", t->cell_w,
		 t->cell_h, from, regs);
}

int sixel_put(int fd, int row, int col, const char *image, size_t len)
{
	char at[32];
	snprintf(at, sizeof(at), "\0337\033[%d;%dH", row + 1, col + 1);
	if (write_all(fd, at, strlen(at)) || write_all(fd, image, len))
		return -1;
	return write_all(fd, "\0338", 2);
}

int sixel_font_pt(int cell_h)
{
	/* two fifths of the cell's height in points: at 96 px an inch a
	 * little smaller than the terminal's own text, as a figure's labels
	 * are beside a book's (a pane of 12 rows holds a plot and its key) */
	int pt = (2 * cell_h + 2) / 5;
	return pt < 6 ? 6 : pt > 16 ? 16 : pt;
}
