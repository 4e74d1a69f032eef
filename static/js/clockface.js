// The tournament clock as every poker screen shows it: the state comes from the server (level,
// blinds, seconds left as of the request) and is counted down here; any event on the clock's stream,
// a level running out, or half a minute passing fetches the state again, so screens never drift. A
// paused clock, or one stopped at the winner, does not count.
var ClockFace = (function () {
  function clockText(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }

  function blinds(level) {
    if (!level) return "";
    if (level.is_break) return "Break";
    var text = level.small_blind.toLocaleString() + " / " + level.big_blind.toLocaleString();
    return level.ante ? text + " · ante " + level.ante.toLocaleString() : text;
  }

  // render(state, secondsLeft) is called on every fetch and every tick; onEvent after each event.
  function track(stateUrl, eventsUrl, render, onEvent) {
    var state = null, fetchedAt = 0, inFlight = null, again = false;
    function left() {
      if (!state) return 0;
      var clock = state.clock;
      if (!clock.started || clock.paused || clock.stopped) return clock.seconds_left;
      return clock.seconds_left - (performance.now() - fetchedAt) / 1000;
    }
    // One fetch at a time; an event that arrives during a fetch asks for one more after it, since that
    // fetch may have read the state before the event's change (a pause right after a start).
    function refresh() {
      if (inFlight) { again = true; return inFlight; }
      inFlight = fetch(stateUrl, {headers: {"Accept": "application/json", "X-Flashboard-Background": "1"}})
        .then(function (reply) { return reply.json(); })
        .then(function (data) { state = data.state; fetchedAt = performance.now(); render(state, left()); return data; })
        .finally(function () {
          inFlight = null;
          if (again) { again = false; refresh(); }
        });
      return inFlight;
    }
    refresh().then(function (data) {
      Live.follow(eventsUrl, data.id, function () { refresh().then(onEvent || function () {}); }, function (up) {
        document.body.classList.toggle("offline", !up);
      }, "clock");
    });
    setInterval(function () {
      if (!state) return;
      var remaining = left();
      render(state, remaining);
      if (state.clock.started && !state.clock.paused && !state.clock.stopped && remaining <= 0) refresh();
    }, 250);
    setInterval(refresh, 30000);
    return {refresh: refresh};
  }

  return {track: track, clockText: clockText, blinds: blinds};
})();
