# Sourced by the tests that need an X server (sixel.sh, window.sh, play.sh):
# an Xvfb of their own, on a display it picks, never a fixed number
# (another Xvfb may hold it).
#
# xvfb_start DIR WxHxDEPTH [noreset]: starts Xvfb, its display's number
# written on fd 3 into DIR/display, waits up to 10 s for it (less when it
# ends), exports DISPLAY and sets xvfb_pid (the caller kills it). 1 when it
# did not start: DIR/xvfb.log says why.
#
# noreset: an X server resets when its last client goes, and a client that
# connects meanwhile is refused ("Can't open display"): play.sh's xterm,
# started just after its tmux session's gnuplot had gone, failed so in a
# CI run. With noreset the server never resets, and xvfb_start returns
# once the display takes a client (xdotool, within 5 s). Not for
# window.sh, whose windowkill and persist sessions leave a server that
# does not reset without a window for the next session (2 runs in 3 failed
# so); nor a probe without it, whose own leaving would reset the server.
xvfb_start() {
	Xvfb -displayfd 3 ${3:+-noreset} -screen 0 "$2" -nolisten tcp 3>"$1/display" \
		>"$1/xvfb.log" 2>&1 &
	xvfb_pid=$!
	for _ in $(seq 100); do
		grep -q '^[0-9]' "$1/display" 2>/dev/null && break
		kill -0 "$xvfb_pid" 2>/dev/null || break # it ended: its log says why
		sleep 0.1
	done
	grep -q '^[0-9]' "$1/display" 2>/dev/null || return 1
	DISPLAY=:$(head -n 1 "$1/display")
	export DISPLAY
	[ -n "${3:-}" ] || return 0
	for _ in $(seq 50); do
		xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
		kill -0 "$xvfb_pid" 2>/dev/null || break
		sleep 0.1
	done
	echo "the display $DISPLAY took no client within 5 s" >>"$1/xvfb.log"
	return 1
}
