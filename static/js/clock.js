// The tournament clock TV: level, time left, blinds and antes now and next, players left, average
// stack, prize pool and the seat moves (every move of the last balance, break or redraw, then earlier
// ones), following the clock's event stream. At the winner the clock has stopped: the TV shows the
// winner and the prizes by place instead. Moves that do not fit at a readable size are shown a page at
// a time.
(function () {
  var body = document.body;
  var LARGEST = 30, SMALLEST = 20, PAGE_MS = 8000;
  var pages = [], page = 0;
  function text(id, value) { document.getElementById(id).textContent = value; }

  function move(m) {
    var li = document.createElement("li");
    li.className = m.latest ? "latest" : "earlier";
    var who = document.createElement("span");
    who.className = "who";
    who.textContent = m.player;
    var where = document.createElement("span");
    where.className = "where";
    where.textContent = m.reason === "bust undone" ? "back in at " + m.to + " (bust undone)" : (m.from ? m.from + " → " : "→ ") + m.to;
    li.appendChild(who);
    li.appendChild(where);
    return li;
  }

  function overflows(list) { return list.scrollHeight > list.clientHeight + 1; }

  // Every move fits when it can: the font shrinks from LARGEST to SMALLEST; beyond that the moves are
  // split into pages that take turns.
  function showMoves(moves) {
    var list = document.getElementById("moves");
    list.textContent = "";
    list.style.fontSize = LARGEST + "px";
    moves.forEach(function (m) { list.appendChild(move(m)); });
    for (var size = LARGEST; size > SMALLEST && overflows(list); size -= 2) list.style.fontSize = (size - 2) + "px";
    pages = [];
    if (!overflows(list)) { text("moves-page", ""); return; }
    var current = [];
    var items = Array.prototype.slice.call(list.children);
    list.textContent = "";
    items.forEach(function (li) {
      list.appendChild(li);
      if (overflows(list) && current.length) { pages.push(current); current = []; list.textContent = ""; list.appendChild(li); }
      current.push(li);
    });
    pages.push(current);
    page = page % pages.length;
    turn();
  }

  function turn() {
    if (!pages.length) return;
    var list = document.getElementById("moves");
    list.textContent = "";
    pages[page].forEach(function (li) { list.appendChild(li); });
    text("moves-page", (page + 1) + " of " + pages.length);
  }

  setInterval(function () { if (pages.length > 1) { page = (page + 1) % pages.length; turn(); } }, PAGE_MS);

  var lastMoves = null;
  ClockFace.track(body.dataset.state, body.dataset.events, function (state, left) {
    var clock = state.clock;
    var finished = state.status === "finished";
    text("org", state.organization);
    text("name", state.tournament);
    document.getElementById("running").hidden = finished;
    document.getElementById("finished").hidden = !finished;
    text("level", clock.current.is_break ? "Break" : "Level " + clock.level);
    text("time", ClockFace.clockText(left));
    text("blinds", clock.current.is_break ? "Break" : "Blinds " + ClockFace.blinds(clock.current));
    text("next", ClockFace.blinds(clock.next));
    document.getElementById("paused").hidden = !clock.paused || finished;
    text("left", state.players_left + " of " + state.entries);
    text("average", state.average_stack.toLocaleString());
    text("pool", state.pool);
    text("entries", state.entries + " · " + state.rebuys);
    text("helpline", state.helpline);
    text("prize-table", state.prize_table ? "· " + state.prize_table : "");
    text("prizes", state.prizes.map(function (p) { return p.place_label + " " + p.prize; }).join(" · "));
    var winner = document.getElementById("winner");
    winner.textContent = "";
    if (finished) {
      var label = document.createElement("span");
      label.className = "tv-winner-label";
      label.textContent = "Winner: ";
      winner.appendChild(label);
      winner.appendChild(document.createTextNode(state.winner || ""));
    }
    var payouts = document.getElementById("payouts");
    payouts.textContent = "";
    state.payouts.forEach(function (p) {
      var li = document.createElement("li");
      var who = document.createElement("span");
      who.textContent = p.place_label + "  " + p.player;
      var prize = document.createElement("span");
      prize.className = "prize";
      prize.textContent = p.prize;
      li.appendChild(who);
      li.appendChild(prize);
      payouts.appendChild(li);
    });
    // The moves are laid out again only when they change (render runs four times a second).
    var key = JSON.stringify(state.moves);
    if (key !== lastMoves) { lastMoves = key; showMoves(state.moves); }
  });
  setInterval(function () { text("conn", body.classList.contains("offline") ? "Reconnecting…" : ""); }, 1000);
})();
