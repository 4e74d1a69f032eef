// The tournament clock TV: level, time left, blinds and antes now and next, players left, average
// stack, prize pool and the latest seat moves, following the clock's event stream.
(function () {
  var body = document.body;
  function text(id, value) { document.getElementById(id).textContent = value; }
  ClockFace.track(body.dataset.state, body.dataset.events, function (state, left) {
    var clock = state.clock;
    text("org", state.organization);
    text("name", state.tournament);
    text("level", clock.current.is_break ? "Break" : "Level " + clock.level);
    text("time", ClockFace.clockText(left));
    text("blinds", clock.current.is_break ? "Break" : "Blinds " + ClockFace.blinds(clock.current));
    text("next", ClockFace.blinds(clock.next));
    document.getElementById("paused").hidden = !clock.paused;
    text("left", state.players_left + " of " + state.entries);
    text("average", state.average_stack.toLocaleString());
    text("pool", state.pool);
    text("entries", state.entries + " · " + state.rebuys);
    text("helpline", state.helpline);
    var winner = document.getElementById("winner");
    winner.hidden = !state.winner;
    winner.textContent = state.winner ? "Winner: " + state.winner : "";
    var moves = document.getElementById("moves");
    moves.textContent = "";
    state.moves.slice(0, 6).forEach(function (m) {
      var li = document.createElement("li");
      li.textContent = m.player + ": " + (m.from ? m.from + " → " : "") + m.to;
      moves.appendChild(li);
    });
  });
  setInterval(function () { text("conn", body.classList.contains("offline") ? "Reconnecting…" : ""); }, 1000);
})();
