#!/bin/bash
# 'plot NAME window' on a real X server (Xvfb, on a display of its own):
# the plain REPL driven through tmux opens a 1000x700 window titled tribo
# and the figure is in it (a screenshot: many colours, the curves' own);
# a second window plot, also after a text plot, draws in the same window;
# a window closed with 'q' or killed from X leaves the session working and
# the next window plot opens one again; 'quit' leaves no gnuplot of
# tribo's running, and 'persist' a window that stays. Without a display
# server, or with a gnuplot that has no window terminal, a clear message
# and the session goes on. The screenshot stays in $WINDOW_SHOTS (default
# build/window-shots) for a person to look at. Every wait is bounded and
# every X and tmux command is under timeout; when the stage's own tmux
# server or Xvfb goes, or no window shows where one must, the stage ends
# at once saying so (tests/harness_kill.sh tries it).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
shots=${WINDOW_SHOTS:-$top/build/window-shots}
tmp=$(mktemp -d)
xvfb_pid="" groups=""
# the tmux server, Xvfb and every gnuplot group this script made
cleanup() {
	for s in "$tmp"/tmux.*; do timeout 5 tmux -S "$s" kill-server 2>/dev/null; done
	for g in $groups; do [ -z "$(alive "$g")" ] || kill -KILL -- "-$g" 2>/dev/null; done
	[ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null
	sleep 0.2
	rm -rf "$tmp"
}
trap cleanup EXIT
export TRIBO_PATH="$top/exercises" HOME="$tmp" XDG_DATA_HOME="$tmp/data" \
	XDG_STATE_HOME="$tmp/state" LC_ALL=C.UTF-8 NO_COLOR=1
. "$top/tests/lib.sh"
# 4 without an X server; on Xvfb 25 a session and 5 a persist session,
# once with the gnuplot here and once more through x11 alone when it has
# another window terminal too (plan_more below); 2 for the batch
plan window 6
# The X tools, each bounded: xwininfo without a window id waits for a
# click on one, for ever, so an empty id is refused here.
xwininfo() {
	case " $* " in *" -id  "* | *" -id ") echo "xwininfo: no window id given" >&2; return 1 ;; esac
	timeout 10 xwininfo "$@"
}
xdotool() { timeout 10 xdotool "$@"; }
import() { timeout 30 import "$@"; }
convert() { timeout 30 convert "$@"; }
# A display number no X server has: no socket file, no abstract socket.
free_display() {
	local n
	for n in $(seq 87 199); do
		[ -e "/tmp/.X11-unix/X$n" ] || grep -q "@/tmp/.X11-unix/X$n\$" /proc/net/unix 2>/dev/null ||
			{ echo "$n"; return; }
	done
}
# A gnuplot that says it has only the terminals $2: GPVAL_TERMINALS, in
# the scripts tribo has it load, becomes that list.
fake_gnuplot() { # path terminals
	cat >"$1" <<EOF
#!/bin/bash
while IFS= read -r line; do
	case \$line in *"load '"*"'")
		f=\${line#*"load '"}
		sed -i "s/GPVAL_TERMINALS/'$2'/" "\${f%"'"}" ;;
	esac
	printf '%s\\n' "\$line"
done | exec $(command -v gnuplot) "\$@"
EOF
	chmod +x "$1"
}

command -v gnuplot >/dev/null 2>&1 || skip_rest "gnuplot is not installed"

# ---- no X server needed --------------------------------------------------

batch='load imachi-fig6; solve; plot hodograph window'
fake_gnuplot "$tmp/nowin" "dumb png pngcairo svg pdfcairo"
out=$(DISPLAY=:0 GNUPLOT=$tmp/nowin timeout 30 "$TRIBO" -c "$batch" 2>&1)
check "a gnuplot without window terminals: said '$out'" \
	grep -qF "has no window terminal (qt, wxt, x11): install gnuplot-x11 (light) or gnuplot-qt" \
	<<<"$out"
n=$(free_display)
t0=$(date +%s%N)
out=$(printf 'load imachi-fig6\nsolve\nplot hodograph window\neval 6*7\n' |
	DISPLAY=:$n timeout 15 "$TRIBO" --plain 2>&1)
ms=$((($(date +%s%N) - t0) / 1000000))
check "no X server on :$n: the message names the display: $out" \
	grep -qF "plot: cannot open a window on DISPLAY ':$n': no X server answers there" <<<"$out"
check "no X server on :$n: the session goes on" grep -q '^42$' <<<"$out"
check "no X server on :$n: answered in $ms ms" test "$ms" -lt 5000

# ---- on Xvfb -------------------------------------------------------------

missing=""
for tool in Xvfb xdotool xwininfo import convert tmux; do
	command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
terms=$(echo 'print GPVAL_TERMINALS' | timeout 30 gnuplot 2>&1)
grep -qwE 'qt|wxt|x11' <<<"$terms" || missing="$missing gnuplot-x11 (no window terminal)"
# the terminal tribo picks (qt, else wxt, else x11), then x11 through a
# gnuplot that hides the others, when this one has both
for term in qt wxt x11; do grep -qw $term <<<"$terms" && break; done
plan_more 30
[ "$term" != x11 ] && grep -qw x11 <<<"$terms" && plan_more 30
[ -z "$missing" ] || skip_rest "the X tests need what is missing:$missing"

. "$top/tests/xvfb.sh"
xvfb_start "$tmp" 1280x1024x24 || abort "Xvfb did not start: $(cat "$tmp/xvfb.log")"
mkdir -p "$shots"

# a server a session, on a socket of its own: a new server on the socket
# of one just killed may find it still exiting
nsock=0
sock=$tmp/tmux.0
tm() { timeout 10 tmux -S "$sock" "$@"; }
screen() { tm capture-pane -p -S - -t t 2>/dev/null; }
# The stage's own Xvfb and tmux server are there, else it cannot go on:
# it ends now, saying so, rather than wait out every check that follows.
x_alive() {
	kill -0 "$xvfb_pid" 2>/dev/null ||
		abort "the stage's Xvfb (pid $xvfb_pid, DISPLAY $DISPLAY) is gone"
}
tmux_alive() {
	tm has-session -t t 2>/dev/null ||
		abort "the stage's tmux server (socket $sock) is gone or does not answer"
}
on_screen() {
	screen | grep -q -- "$1" && return 0
	tmux_alive
	x_alive
	return 1
}
# Starts tribo --plain in a tmux pane ($1: a gnuplot for GNUPLOT, or "");
# the pane is tribo itself, so its pid is tribo's.
start() {
	tm kill-server 2>/dev/null
	nsock=$((nsock + 1))
	sock=$tmp/tmux.$nsock
	tm -f /dev/null new-session -d -s t -x 120 -y 50 \
		"exec env -i PATH=/usr/bin:/bin TERM=xterm HOME=$tmp XDG_STATE_HOME=$tmp/state \
		XDG_DATA_HOME=$tmp/data TRIBO_PATH=$top/exercises LC_ALL=C.UTF-8 \
		DISPLAY=$DISPLAY GNUPLOT=${1:-} ASAN_OPTIONS=${ASAN_OPTIONS:-} \
		UBSAN_OPTIONS=${UBSAN_OPTIONS:-} $TRIBO --plain" ||
		abort "tmux did not start a server on $sock"
	tm set-option -t t remain-on-exit on
	tribo_pid=$(tm display-message -p -t t '#{pane_pid}')
	[ -n "$tribo_pid" ] || abort "tmux gave no pid for tribo's pane"
	mark=0
}
# Runs one command and waits (up to $2 s, 10 by default) for the prompt
# after it; $out is what it printed.
run() {
	mark=$((mark + 1))
	tm send-keys -t t "$1" Enter "eval 1000+$mark" Enter
	local want=$((1000 + mark))
	within "${2:-10}" on_screen "^$want\$"
	out=$(screen | awk -v c="> $1" -v w="$want" '
		index($0, c) && substr($0, length($0) - length(c) + 1) == c { buf = ""; on = 1; next }
		on && /^tribo.*> eval 1000\+/ { on = 0 }
		on { buf = buf $0 "\n" }
		$0 == w { done = 1 }
		END { printf "%s", buf; exit !done }')
}
says() { # description regex: the last command's output matches
	if grep -qE -- "$2" <<<"$out"; then ok; else bad "$1: printed '$out'"; fi
}
# The visible windows titled tribo, one id a line.
visible() { xdotool search --onlyvisible --name '^tribo$' 2>/dev/null; }
shown() { x_alive && [ -n "$(visible)" ]; }
hidden() { x_alive && [ -z "$(visible)" ]; }
wait_visible() { within 10 shown; }
wait_gone() { within 5 hidden; }
# Windows titled tribo on the server, mapped or not.
ntribo() { xwininfo -root -tree | grep -c '"tribo": '; }
# The first visible window titled tribo, which must be there for what
# follows: without one the stage ends, saying so.
the_window() {
	x_alive
	win=$(visible | head -n 1)
	[ -n "$win" ] || abort "$1: no window titled tribo, which the checks after need"
}
# tribo's gnuplot now: its process group (gnuplot and what it started).
note_group() {
	local g
	for p in $(ps -o pid= --ppid "$tribo_pid"); do
		g=$(ps -o pgid= -p "$p" | tr -d ' ')
		[ -n "$g" ] && case " $groups " in *" $g "*) ;; *) groups="$groups $g" ;; esac
	done
}
# Whether tribo has ended (its pane's zombie, which tmux may keep, has).
gone() { case $(ps -o stat= -p "$tribo_pid") in "" | Z*) return 0 ;; esac; return 1; }
ended() { within 5 gone; }
# The processes of groups $@ (by default every gnuplot group of tribo's)
# still running; zombies are not.
alive() {
	local g list=${*:-$groups}
	for g in $list; do
		ps -eo pid=,pgid=,stat=,comm= | awk -v g="$g" '$2 == g && $3 !~ /^Z/'
	done
}
none_alive() { [ -z "$(alive)" ]; }
# How many pixels of the region $2 of image $1 are near colour $3.
near() { convert "$1" -crop "$2" +repage -alpha off -fuzz 10% +transparent "$3" \
	-alpha extract -format '%[fx:round(mean*w*h)]' info:; }

# One session through gnuplot $2 ("": the machine's own) under the name
# $1: the figure in the window, the same window again, closed by hand and
# by X, and nothing left after quit.
session() {
	local name=$1 win geo x y w h region colours k
	start "$2"
	run "load imachi-fig6"
	run "solve" 60
	run "plot hodograph window"
	says "$name: the window plot" "^hodograph drawn in a gnuplot window$"
	check "$name: a window titled tribo appears" wait_visible
	note_group
	the_window "$name"
	geo=$(xwininfo -id "$win")
	x=$(awk '/Absolute upper-left X/ {print $NF}' <<<"$geo")
	y=$(awk '/Absolute upper-left Y/ {print $NF}' <<<"$geo")
	w=$(awk '/Width:/ {print $NF}' <<<"$geo")
	h=$(awk '/Height:/ {print $NF}' <<<"$geo")
	check "$name: the window is at least the PNG's 1000x700: ${w}x$h" test "${w:-0}" -ge 1000 -a "${h:-0}" -ge 700
	sleep 1 # the figure is painted after gnuplot has answered
	import -window root "$shots/hodograph-$name.png"
	region=${w}x$h+$x+$y
	colours=$(convert "$shots/hodograph-$name.png" -crop "$region" +repage -format %k info:)
	# cairo's (qt, wxt) smoothing makes hundreds of colours, x11 draws in a few
	least=200
	[ "$name" = x11 ] && least=6
	check "$name: the window holds a figure: $colours colours in $region" \
		test "${colours:-0}" -ge $least
	for c in '#0072B2' '#D55E00' '#009E73'; do
		k=$(near "$shots/hodograph-$name.png" "$region" "$c")
		check "$name: curves in $c in the window: $k pixels" test "${k:-0}" -gt 100
	done
	echo "window: the screenshot is $shots/hodograph-$name.png"

	# the same window again: after another window plot, and after a text plot
	# (which puts gnuplot on its dumb terminal)
	run "plot velocity window"
	says "$name: the second window plot" "^velocity drawn in a gnuplot window$"
	sleep 0.3
	check "$name: a second window plot draws in the same window ($(ntribo) windows)" test "$(ntribo)" = 1
	check "$name: and it is the same window" test "$(visible)" = "$win"
	run "plot hodograph"
	says "$name: a text plot between" "imachi-fig6: hodograph"
	run "plot hodograph window"
	sleep 0.3
	check "$name: after a text plot, still one window ($(ntribo))" test "$(ntribo)" = 1
	check "$name: and it is the same window" test "$(visible)" = "$win"

	# closed by hand: q, which gnuplot's windows take as close
	xdotool key --window "$win" q 2>/dev/null # its key-up finds the window gone
	check "$name: q closes the window" wait_gone
	run "eval 6*7"
	says "$name: the session answers after q" "^42$"
	run "plot velocity window"
	says "$name: a window plot after q" "^velocity drawn in a gnuplot window$"
	check "$name: and the window is there again" wait_visible
	note_group

	# killed from X: the client's connection is cut (wxt's gnuplot dies of
	# it, x11's gnuplot_x11)
	the_window "$name: windowkill"
	xdotool windowkill "$win"
	check "$name: windowkill takes the window away" wait_gone
	run "eval 6*7"
	says "$name: the session answers after windowkill" "^42$"
	run "plot hodograph window" 25
	says "$name: a window plot after windowkill" "^hodograph drawn in a gnuplot window$"
	check "$name: and the window is there again" wait_visible
	check "$name: one window ($(ntribo))" test "$(ntribo)" = 1
	note_group

	# quit: the window closes and no gnuplot of tribo's is left
	tm send-keys -t t quit Enter
	check "$name: quit ends tribo" ended
	within 3 none_alive
	check "$name: no gnuplot of tribo's is left after quit: $(alive)" test -z "$(alive)"
	check "$name: no window is left after quit" wait_gone
}

# persist: the window outlives tribo; the last window plot decides
persist_session() { # name gnuplot
	local name=$1 last
	start "$2"
	run "load imachi-fig6"
	run "solve" 60
	run "plot velocity window"
	run "plot hodograph window persist"
	says "$name: the persist plot" "^hodograph drawn in a gnuplot window, which stays after tribo ends"
	check "$name: a window titled tribo appears" wait_visible
	note_group
	last=${groups##* }
	tm send-keys -t t quit Enter
	check "$name: quit ends tribo" ended
	sleep 1
	check "$name: with persist the window stays after quit" test -n "$(visible)"
	kill -TERM -- "-$last" 2>/dev/null
	check "$name: and goes when its gnuplot does" wait_gone
}

session "$term" ""
persist_session "$term" ""
if [ "$term" != x11 ] && grep -qw x11 <<<"$terms"; then
	fake_gnuplot "$tmp/x11only" "dumb png pngcairo svg pdfcairo x11"
	session x11 "$tmp/x11only"
	persist_session x11 "$tmp/x11only"
fi

# a batch without persist: the window goes at once, and the batch says so
out=$(cd "$tmp" && timeout 30 "$TRIBO" -c "$batch" 2>&1)
check "a batch says the window closes: '$out'" grep -qxF \
	"the window closes when tribo ends; 'plot hodograph window persist' keeps it" <<<"$out"
check "and no window is left after the batch" wait_gone

finish
