# Sourced by the tests that need an X server (sixel.sh, window.sh): an
# Xvfb of their own, on a display it picks, never a fixed number (another
# Xvfb may hold it).
#
# xvfb_start DIR WxHxDEPTH: starts Xvfb, its display's number written on
# fd 3 into DIR/display, waits up to 10 s for it (less when it ends), exports DISPLAY and sets
# xvfb_pid (the caller kills it). 1 when it did not start: DIR/xvfb.log
# says why.
xvfb_start() {
	Xvfb -displayfd 3 -screen 0 "$2" -nolisten tcp 3>"$1/display" >"$1/xvfb.log" 2>&1 &
	xvfb_pid=$!
	for _ in $(seq 100); do
		grep -q '^[0-9]' "$1/display" 2>/dev/null && break
		kill -0 "$xvfb_pid" 2>/dev/null || break # it ended: its log says why
		sleep 0.1
	done
	grep -q '^[0-9]' "$1/display" 2>/dev/null || return 1
	DISPLAY=:$(head -n 1 "$1/display")
	export DISPLAY
}
