// The dealer's table screen: the table's seats, the deck log and its reminders, and the showdown
// helper (the server settles the order of showing, the ranking and the pots through pokerkit).
(function () {
  var root = document.getElementById("dealer");
  var base = root.dataset.base;
  var el = Station.element;
  var tournament = null;
  var table = parseInt(new URLSearchParams(window.location.search).get("table") || "1", 10);

  function seated() {
    var here = tournament.entries.filter(function (e) { return !e.eliminated && e.table === table; });
    return here.sort(function (a, b) { return a.seat - b.seat; });
  }

  function renderPicker() {
    var picker = document.getElementById("table-picker");
    picker.textContent = "";
    Object.keys(tournament.tables).forEach(function (t) {
      var b = el("button", "btn" + (parseInt(t, 10) === table ? " btn-primary" : ""), "Table " + t);
      b.type = "button";
      b.dataset.table = t;
      b.setAttribute("aria-pressed", parseInt(t, 10) === table ? "true" : "false");
      picker.appendChild(b);
    });
  }

  function renderSeats() {
    document.getElementById("table-title").textContent = "Table " + table + " · button seat " + (tournament.buttons[table] || "-");
    var list = document.getElementById("seats");
    list.textContent = "";
    seated().forEach(function (e) { list.appendChild(el("li", "queue-job", "Seat " + e.seat + ": #" + e.number + " " + e.player_name)); });
    if (!list.children.length) list.appendChild(el("li", "muted", "Nobody is seated here."));
    var hands = document.getElementById("hands");
    hands.textContent = "";
    seated().forEach(function (e) {
      var row = el("div", "hand-row");
      row.dataset.seat = e.seat;
      row.appendChild(el("strong", null, "Seat " + e.seat));
      var cards = el("input");
      cards.setAttribute("aria-label", "Seat " + e.seat + " cards");
      cards.placeholder = "cards, e.g. As Kd";
      cards.maxLength = 6;
      cards.className = "cards";
      var chips = el("input");
      chips.setAttribute("aria-label", "Seat " + e.seat + " chips in the pot");
      chips.placeholder = "chips in";
      chips.inputMode = "numeric";
      chips.maxLength = 9;
      chips.className = "chips";
      var fold = el("label", "check");
      var box = el("input");
      box.type = "checkbox";
      box.className = "folded";
      fold.appendChild(box);
      fold.appendChild(document.createTextNode(" folded"));
      row.appendChild(cards);
      row.appendChild(chips);
      row.appendChild(fold);
      hands.appendChild(row);
    });
  }

  function reminders() {
    Station.get(base + "/deck-reminders").then(function (due) {
      var list = document.getElementById("due");
      list.textContent = "";
      due.filter(function (d) { return d.table === table; }).forEach(function (d) {
        list.appendChild(el("li", "alert alert-approaching", d.what + " (" + d.rule + ")"));
      });
      if (!list.children.length) list.appendChild(el("li", "alert alert-none muted", "Nothing due at this table."));
    });
  }

  function load() {
    return Station.get(base).then(function (data) {
      tournament = data;
      if (!tournament.tables[table]) table = parseInt(Object.keys(tournament.tables)[0] || "1", 10);
      renderPicker();
      renderSeats();
      reminders();
    });
  }

  document.getElementById("table-picker").addEventListener("click", function (event) {
    var b = event.target.closest("button[data-table]");
    if (!b) return;
    table = parseInt(b.dataset.table, 10);
    history.replaceState(null, "", "?table=" + table);
    renderPicker();
    renderSeats();
    reminders();
  });

  function deck(body, key) {
    Station.send("POST", base + "/decks", body, key).then(reminders).catch(function () {});
  }

  document.querySelectorAll("[data-deck]").forEach(function (b) {
    b.addEventListener("click", function () {
      var what = b.dataset.deck;
      deck({table: table, event: what === "change" ? "change" : "count", complete: what !== "count-short"},
        "deck-" + base + "-" + table + "-" + what + "-" + Date.now());
    });
  });

  document.getElementById("new-set").addEventListener("submit", function (event) {
    event.preventDefault();
    deck({table: table, event: "new_set", backs: [document.getElementById("back-1").value.trim(), document.getElementById("back-2").value.trim()]},
      "deckset-" + base + "-" + table + "-" + Date.now());
  });

  function showRuling(data) {
    var box = document.getElementById("ruling");
    box.textContent = "";
    box.appendChild(el("p", null, "Show first: seat " + data.show_order.join(", then seat ")));
    var ranks = el("ol", "queue");
    data.ranking.forEach(function (r) { ranks.appendChild(el("li", "queue-job", "Seat " + r.seat + ": " + r.hand + (r.place === 1 ? " · best" : ""))); });
    box.appendChild(ranks);
    data.pots.forEach(function (pot, i) {
      var who = pot.won.map(function (w) { return "seat " + w.seat + " takes " + w.chips.toLocaleString(); }).join("; ");
      box.appendChild(el("p", null, (i === 0 ? "Main pot " : "Side pot " + i + " ") + pot.amount.toLocaleString() + ": " + who));
    });
    if (data.returned) box.appendChild(el("p", null, "Uncalled " + data.returned.chips.toLocaleString() + " back to seat " + data.returned.seat));
    box.hidden = false;
  }

  document.getElementById("showdown").addEventListener("submit", function (event) {
    event.preventDefault();
    var stakes = [];
    document.querySelectorAll("#hands .hand-row").forEach(function (row) {
      var chips = parseInt(row.querySelector(".chips").value, 10);
      if (!chips) return;
      var folded = row.querySelector(".folded").checked;
      var cards = row.querySelector(".cards").value.trim();
      stakes.push({seat: parseInt(row.dataset.seat, 10), chips: chips, folded: folded, cards: folded || !cards ? null : cards});
    });
    var aggressor = parseInt(document.getElementById("aggressor").value, 10);
    Station.send("POST", base + "/showdowns", {table: table, board: document.getElementById("board").value.trim(), stakes: stakes,
      last_aggressor: aggressor || null}).then(showRuling).catch(function () { document.getElementById("ruling").hidden = true; });
  });
  document.getElementById("showdown").addEventListener("reset", function () { document.getElementById("ruling").hidden = true; });

  ClockFace.track(root.dataset.state, root.dataset.events, function (state, left) {
    var clock = state.clock;
    document.getElementById("level").textContent = clock.current.is_break ? "Break" : "Level " + clock.level;
    document.getElementById("time").textContent = ClockFace.clockText(left);
    document.getElementById("blinds").textContent = ClockFace.blinds(clock.current);
  }, load);
  setInterval(reminders, 60000);
  load();
})();
