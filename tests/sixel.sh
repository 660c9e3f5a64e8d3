#!/bin/bash
# Pictures in the plot pane, in a real terminal: xterm as a VT340 (sixel,
# 256 colour registers) under Xvfb, driven with xdotool, looked at through
# screenshots (ImageMagick's import). After `load imachi-fig6` and `solve`
# the plot pane holds the hodograph as a picture (the figure's own colours,
# antialiased) while the other panes hold text; with TRIBO_GRAPHICS=text,
# and in an xterm that is no VT340, the pane holds the text plot; a resize
# draws the picture again in the new layout; quitting leaves none behind.
# The screenshots stay in $SIXEL_SHOTS when it is set. Every wait is
# bounded and every X command under timeout; when the stage's own Xvfb
# goes, or its xterm shows no window, the stage ends at once saying so.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
. "$top/tests/lib.sh"
plan sixel 35
missing=""
for tool in Xvfb xterm xdotool import convert compare xwininfo; do
	command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
[ -z "$missing" ] || skip_rest "not installed:$missing (make check installs them)"
tmp=$(mktemp -d)
shots=${SIXEL_SHOTS:-$tmp}
mkdir -p "$shots"
xvfb_pid= xterm_pid=
# the xterm this stage started last, and only it
stop_xterm() {
	[ -z "$xterm_pid" ] || kill "$xterm_pid" 2>/dev/null
	xterm_pid=
}
cleanup() {
	stop_xterm
	[ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
# The X tools, each bounded: xwininfo without a window id waits for a
# click on one, for ever, so an empty id is refused here.
xwininfo() {
	case " $* " in *" -id  "* | *" -id ") echo "xwininfo: no window id given" >&2; return 1 ;; esac
	timeout 10 xwininfo "$@"
}
xdotool() { timeout 10 xdotool "$@"; }
import() { timeout 30 import "$@"; }
convert() { timeout 30 convert "$@"; }
compare() { timeout 30 compare "$@"; }

. "$top/tests/xvfb.sh"
xvfb_start "$tmp" 1280x800x24 || abort "Xvfb did not start: $(cat "$tmp/xvfb.log")"
# The stage's own Xvfb is there, else it cannot go on: it ends now.
x_alive() {
	kill -0 "$xvfb_pid" 2>/dev/null ||
		abort "the stage's Xvfb (pid $xvfb_pid, DISPLAY $DISPLAY) is gone"
}

# The cell grid of the xterm below, inside its border of 2 pixels: 9x19
# pixels with DejaVu Sans Mono 11 at Xvfb's 96 dpi; start() measures it.
CW=9 CH=19 B=2
# Pixels of the colour $2 (within 12%) in the cells of rows $3-$4 and
# columns $5-$6 of screenshot $1.
count() {
	local x=$((B + $5 * CW)) y=$((B + $3 * CH))
	local w=$((($6 - $5 + 1) * CW)) h=$((($4 - $3 + 1) * CH))
	convert "$1" -precision 12 -crop ${w}x$h+$x+$y +repage -fuzz 12% -fill black +opaque "$2" \
		-fill white -opaque "$2" -format '%[fx:round(mean*w*h)]' info:
}
# Distinct colours in that region.
colours() {
	local x=$((B + $4 * CW)) y=$((B + $2 * CH))
	local w=$((($5 - $4 + 1) * CW)) h=$((($3 - $2 + 1) * CH))
	convert "$1" -crop ${w}x$h+$x+$y +repage -format %k info:
}
# Pixels that differ between screenshots $1 and $2 in that region.
differ() {
	local x=$((B + $5 * CW)) y=$((B + $3 * CH))
	local w=$((($6 - $5 + 1) * CW)) h=$((($4 - $3 + 1) * CH))
	convert "$1" -crop ${w}x$h+$x+$y +repage "$tmp/a.png"
	convert "$2" -crop ${w}x$h+$x+$y +repage "$tmp/b.png"
	compare -metric AE "$tmp/a.png" "$tmp/b.png" null: 2>&1
}
at_least() { # what value least
	if [ "$2" -ge "$3" ] 2>/dev/null; then ok; else bad "$1: $2, wanted at least $3"; fi
}
at_most() {
	if [ "$2" -le "$3" ] 2>/dev/null; then ok; else bad "$1: $2, wanted at most $3"; fi
}

# Starts tribo in an xterm of 100x32 cells with the options $@, logging
# what tribo writes to $tmp/xterm.log; tribo's end is followed by a shell
# that waits, so that the screen after it can be looked at.
start() {
	stop_xterm
	sleep 0.2
	rm -f "$tmp/xterm.log"
	xterm "$@" -title tribo-sixel-test -geometry 100x32+0+0 -fa 'DejaVu Sans Mono' -fs 11 \
		-l -lf "$tmp/xterm.log" \
		-e sh -c "cd '$top' && TRIBO_PATH=exercises \"\$0\"; echo tribo ended \$?; sleep 60" \
		"$TRIBO" &
	xterm_pid=$!
	find_window
	# the cells, from the window's size in pixels once it has its size
	local w=0 h=0
	for _ in $(seq 50); do
		w=$(xwininfo -id "$win" 2>/dev/null | sed -n 's/^ *Width: //p')
		h=$(xwininfo -id "$win" 2>/dev/null | sed -n 's/^ *Height: //p')
		[ "${w:-0}" -ge 400 ] && [ "${h:-0}" -ge 300 ] && break
		sleep 0.1
	done
	CW=$(((w - 2 * B) / 100)) CH=$(((h - 2 * B) / 32))
	# no window manager: the keyboard goes where the pointer is
	xdotool mousemove 300 200
	sleep 0.8
}
# The window of the stage's xterm, up to 5 s after it started (the only
# one on the stage's Xvfb with that title), in $win; without it the
# stage ends, saying so.
find_window() {
	win=
	for _ in $(seq 50); do
		x_alive
		win=$(xdotool search --name tribo-sixel-test 2>/dev/null | head -1)
		[ -n "$win" ] && break
		sleep 0.1
	done
	[ -n "$win" ] || abort "the xterm (pid $xterm_pid) showed no window within 5 s"
}
# Waits up to 15 s for the log to show the solve's last result.
wait_solved() {
	for _ in $(seq 30); do
		grep -aq 'drift = ' "$tmp/xterm.log" 2>/dev/null && break
		sleep 0.5
	done
	sleep 1.5
}
type_line() {
	xdotool type --delay 8 "$1"
	xdotool key Return
}
shot() {
	import -window root "$shots/$1.png"
	echo "$shots/$1.png"
}
# Waits up to 15 s for $2 pixels of the colour $1 in the region $3-$6.
wait_colour() {
	local s
	for _ in $(seq 30); do
		x_alive
		s=$(shot wait)
		[ "$(count "$s" "$1" "$3" "$4" "$5" "$6")" -ge "$2" ] && return 0
		sleep 0.5
	done
	return 1
}
# tribo in a new xterm (options $@), imachi-fig6 loaded and solved
solved_in() {
	start "$@"
	type_line 'load imachi-fig6'
	type_line solve
	wait_solved
}
green='#009E73' blue='#0072B2' orange='#D55E00' # the limit cycle, the base, the transient

# 1. xterm as a VT340 with 256 colour registers: a picture in the pane.
start -ti vt340 -xrm 'XTerm*numColorRegisters: 256'
type_line 'load imachi-fig6'
type_line solve
# at 100x32 the plot pane is rows 7-20 and columns 0-54 (inside: 8-19 and
# 1-53), the exercise pane above it, parameters and results to its right
wait_colour "$green" 300 8 19 1 53 && ok || bad "no limit cycle drawn in the plot pane"
s=$(shot vt340)
at_least "the limit cycle's green in the plot pane" "$(count "$s" "$green" 8 19 1 53)" 300
at_least "the base's blue in the plot pane" "$(count "$s" "$blue" 8 19 1 53)" 300
at_least "the transient's orange in the plot pane" "$(count "$s" "$orange" 8 19 1 53)" 200
at_least "an antialiased picture's colours in the plot pane" "$(colours "$s" 8 19 1 53)" 60
# the text panes: the statement, the parameters and the results as text,
# none of the picture's colours in them
at_least "text in the exercise pane" "$(count "$s" '#000000' 1 5 1 53)" 500
at_least "text in the results pane" "$(count "$s" '#000000' 14 19 56 98)" 500
at_most "the picture stays in its pane (exercise)" "$(count "$s" "$green" 0 6 0 99)" 0
at_most "the picture stays in its pane (right)" "$(count "$s" "$green" 0 20 55 99)" 0
at_most "the picture stays in its pane (log)" "$(count "$s" "$green" 21 31 0 99)" 0
grep -aq 'plots as pictures: the terminal shows sixel images' "$tmp/xterm.log" && ok ||
	bad "the log does not say that plots are pictures"
[ "$(grep -ac $'\033Pq' "$tmp/xterm.log")" = 1 ] && ok ||
	bad "the picture was written $(grep -ac $'\033Pq' "$tmp/xterm.log") times, not once"
# a command that changes no figure draws no picture again
type_line 'print u_xmean'
sleep 1
[ "$(grep -ac $'\033Pq' "$tmp/xterm.log")" = 1 ] && ok ||
	bad "'print' drew the picture again"
# the panes beside it change (a parameter, the results out of date): the
# picture stays whole, nothing written over it
type_line 'set mu0 1.2'
sleep 1
s=$(shot changed)
at_most "after 'set', the picture's pixels that changed" \
	"$(differ "$shots/vt340.png" "$s" 8 19 1 53)" 0
type_line solve
sleep 3
[ "$(grep -ac $'\033Pq' "$tmp/xterm.log")" = 2 ] && ok ||
	bad "a new solve did not draw a new picture once"

# 2. A resize: 140x40 cells, the wide layout with the plot on the right
# (columns 89-139): the picture there, none left where it was.
xdotool windowsize "$win" $((140 * CW + 2 * B)) $((40 * CH + 2 * B))
wait_colour "$green" 300 1 24 90 138 && ok || bad "no picture in the wide layout's plot pane"
s=$(shot resized)
at_least "after the resize, the limit cycle in the new plot pane" \
	"$(count "$s" "$green" 1 24 90 138)" 300
at_most "after the resize, nothing of the old picture" "$(count "$s" "$green" 0 24 0 88)" 0
at_least "after the resize, the text panes hold text" "$(count "$s" '#000000' 1 5 1 48)" 500

# 3. F7: the plot has the screen, a picture larger than the pane was.
xdotool key F7
sleep 2.5
s=$(shot zoomed)
at_least "zoomed, the limit cycle" "$(count "$s" "$green" 1 33 1 138)" 600

# 4. quit: no picture left on the screen
type_line quit
sleep 1.5
s=$(shot quit)
at_most "after quit, no picture" "$(count "$s" "$green" 0 39 0 139)" 0
at_most "after quit, no base circle" "$(count "$s" "$blue" 0 39 0 139)" 0
grep -aq 'tribo ended 0' "$tmp/xterm.log" && ok || bad "tribo did not end well on quit: $(grep -a 'tribo ended' "$tmp/xterm.log")"

# 5. TRIBO_GRAPHICS=text: the text plot in the same pane.
export TRIBO_GRAPHICS=text
solved_in -ti vt340 -xrm 'XTerm*numColorRegisters: 256'
s=$(shot text)
unset TRIBO_GRAPHICS
at_most "TRIBO_GRAPHICS=text: no picture" "$(count "$s" "$green" 0 31 0 99)" 0
at_least "TRIBO_GRAPHICS=text: the text plot in the pane" "$(count "$s" '#000000' 8 19 1 53)" 400
[ "$(grep -ac $'\033Pq' "$tmp/xterm.log")" = 0 ] && ok || bad "TRIBO_GRAPHICS=text wrote a picture"
grep -aq 'plots as text (TRIBO_GRAPHICS=text' "$tmp/xterm.log" && ok ||
	bad "the log does not say TRIBO_GRAPHICS=text"
type_line quit

# 6. An xterm that is no VT340 says no sixel: text, and it says why.
solved_in
s=$(shot vt420)
at_most "a VT420: no picture" "$(count "$s" "$green" 0 31 0 99)" 0
grep -aq 'plots as text: the terminal does not show sixel images' "$tmp/xterm.log" && ok ||
	bad "the log does not say the terminal shows no sixel"
type_line quit
sleep 0.5

# 7. A gnuplot without sixelgd: the text plot, and one line in the log why.
cat >"$tmp/gnuplot" <<'GP'
#!/bin/bash
# gnuplot as if built without libgd: tribo's batches come as `load 'FILE'`
while IFS= read -r l; do
	case $l in *"load '"*)
		f=${l#*load \'}
		sed -i 's/^print GPVAL_TERMINALS$/print "dumb png x11"/' "${f%\'}"
		;;
	esac
	printf '%s\n' "$l"
done | exec gnuplot "$@"
GP
chmod +x "$tmp/gnuplot"
export GNUPLOT=$tmp/gnuplot
solved_in -ti vt340 -xrm 'XTerm*numColorRegisters: 256'
s=$(shot nosixelgd)
unset GNUPLOT
at_most "no sixelgd: no picture" "$(count "$s" "$green" 0 31 0 99)" 0
at_least "no sixelgd: the text plot in the pane" "$(count "$s" '#000000' 8 19 1 53)" 400
[ "$(grep -ac 'plots as text from now: this gnuplot has no sixelgd terminal' "$tmp/xterm.log")" = 1 ] &&
	ok || bad "the log does not say once that this gnuplot has no sixelgd"
type_line quit
sleep 0.5

# 8. Ctrl-Z from a shell: no picture over the shell; `fg` brings it back.
stop_xterm
sleep 0.2
xterm -ti vt340 -xrm 'XTerm*numColorRegisters: 256' -title tribo-sixel-test \
	-geometry 100x32+0+0 -fa 'DejaVu Sans Mono' -fs 11 -e bash --norc --noprofile &
xterm_pid=$!
find_window
sleep 1.5
xdotool mousemove 300 200
sleep 0.3
type_line "cd '$top' && TRIBO_PATH=exercises '$TRIBO'"
sleep 1
type_line 'load imachi-fig6'
type_line solve
wait_colour "$green" 300 8 19 1 53 && ok || bad "Ctrl-Z: no picture before it"
xdotool key ctrl+z
sleep 1
s=$(shot suspended)
at_most "Ctrl-Z: no picture over the shell" "$(count "$s" "$green" 0 31 0 99)" 0
type_line fg
wait_colour "$green" 300 8 19 1 53 && ok || bad "fg: the picture did not come back"
type_line quit

finish
