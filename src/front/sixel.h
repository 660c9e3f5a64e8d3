/* Pictures in the terminal (the full-screen mode's plot pane): whether the
 * terminal shows sixel images, asked of the terminal itself, never guessed
 * from $TERM; the size of its cells in pixels; and writing an image at a
 * cell without moving curses' cursor.
 *
 * The dialogue, before curses starts: CSI 14 t (the text area in pixels),
 * CSI 16 t (a cell in pixels) and last CSI c, the primary device
 * attributes, which every terminal answers: its reply ends the wait. An
 * attribute 4 in it means sixel graphics; then CSI ? 1 ; 1 S asks how many
 * colour registers there are and how large an image may be (XTSMGRAPHICS),
 * again followed by CSI c.
 * $TRIBO_GRAPHICS = sixel or text overrides what the terminal says. */
#ifndef TRIBO_SIXEL_H
#define TRIBO_SIXEL_H

#include <stdbool.h>
#include <stddef.h>

/* What the terminal said, parsed from its replies (sixel_parse). */
struct sixel_replies {
	bool da1;	    /* the device attributes came */
	bool sixel;	    /* attribute 4 among them */
	char attrs[48];	    /* their text, "?63;1;2;4;6" */
	int cell_w, cell_h; /* CSI 6 ; h ; w t, 0 when not said */
	int area_w, area_h; /* CSI 4 ; h ; w t, the text area */
	int registers;	    /* CSI ? 1 ; 0 ; n S, 0 when not said */
	int max_w, max_h;   /* CSI ? 2 ; 0 ; w ; h S, the largest image */
};

/* Takes the replies out of the bytes read from the terminal (buf, n):
 * every complete CSI ... reply is parsed and removed, and what is left
 * (keys typed meanwhile) moves to the front of buf. Returns the bytes
 * left. An incomplete reply at the end stays for the next read. */
size_t sixel_parse(unsigned char *buf, size_t n, struct sixel_replies *r, size_t *kept_reply);

/* The terminal's graphics, as the screen uses them. */
struct sixel_term {
	bool on;	    /* the plot pane is drawn as an image */
	int cell_w, cell_h; /* pixels of a cell */
	int registers;	    /* colour registers, 0 unknown */
	int max_w, max_h;   /* the largest image it shows (xterm's default
			     * 1000x1000 when it does not say) */
	bool ask_size;	    /* the size comes from TIOCGWINSZ: ask again on a resize */
	char why[320];	    /* one line for the log: what was found, what follows */
};

/* Asks the terminal on in/out (both must be the terminal; its modes are
 * restored). Keys typed during the wait are returned in typed (at most
 * cap bytes, *ntyped of them), for the caller to give to curses. Honours
 * $TRIBO_GRAPHICS. Never fails: t->on false with t->why saying why. */
void sixel_detect(int in, int out, struct sixel_term *t, unsigned char *typed, size_t cap,
		  size_t *ntyped);

/* After a resize: the cell size again from TIOCGWINSZ, where that is
 * where it came from. */
void sixel_resize(int fd, int cols, int rows, struct sixel_term *t);

/* Writes an image (ESC P ... ESC \) with its top left corner at the cell
 * (row, col), from 0, on fd, the cursor saved before and restored after
 * (DECSC, DECRC), so that curses' idea of it stays true. 0, or -1 when
 * the write failed. */
int sixel_put(int fd, int row, int col, const char *image, size_t len);

/* The font for an image on cells of cell_h pixels: points, at libgd's
 * 96 pixels an inch, that make text about as tall as the terminal's. */
int sixel_font_pt(int cell_h);

#endif
