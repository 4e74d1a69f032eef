// The tournament director's console: the clock and its controls, every table's seats, busts (two or
// more on one hand with their starting stacks), the director's own seat moves, deck reminders, seat
// moves and staff. Every change comes back over the clock's event stream.
(function () {
  var root = document.getElementById("director");
  var base = root.dataset.base;
  var el = Station.element;
  var tournament = null, selected = {}, moving = null;

  function keyed(action) { return action + "-" + base + "-" + Date.now(); }

  function renderClock(state, left) {
    var clock = state.clock;
    document.getElementById("status").textContent = state.status;
    document.getElementById("level").textContent = clock.current.is_break ? "Break" : "Level " + clock.level;
    document.getElementById("time").textContent = ClockFace.clockText(left);
    document.getElementById("blinds").textContent = ClockFace.blinds(clock.current);
    document.getElementById("next").textContent = "Next: " + ClockFace.blinds(clock.next);
    document.getElementById("left").textContent = state.players_left + " of " + state.entries;
    document.getElementById("average").textContent = state.average_stack.toLocaleString();
    document.getElementById("pool").textContent = state.pool;
    document.getElementById("rebuys").textContent = state.rebuys;
    var running = state.status === "running";
    document.querySelector('[data-clock="start"]').hidden = clock.started || !running;
    document.querySelector('[data-clock="pause"]').hidden = !clock.started || clock.paused || !running;
    document.querySelector('[data-clock="resume"]').hidden = !clock.paused || !running;
    document.querySelector('[data-clock="next_level"]').hidden = !clock.started || clock.paused || !running;
    var moves = document.getElementById("moves");
    moves.textContent = "";
    state.moves.forEach(function (m) {
      moves.appendChild(el("li", "queue-job", m.player + ": " + (m.from || "new") + " → " + m.to + " (" + m.reason + ")"));
    });
    if (!moves.children.length) moves.appendChild(el("li", "muted", "No moves yet."));
  }

  function seatButton(table, seat, entry) {
    var button = el("button", "seat" + (entry ? " taken" : " open"));
    button.type = "button";
    if (entry) {
      button.appendChild(el("span", "seat-no", seat));
      button.appendChild(el("span", "seat-name", "#" + entry.number + " " + entry.player_name));
      button.dataset.entry = entry.number;
      button.setAttribute("aria-pressed", selected[entry.number] ? "true" : "false");
      if (selected[entry.number]) button.classList.add("selected");
    } else {
      button.appendChild(el("span", "seat-no", seat));
      button.appendChild(el("span", "seat-name muted", "open"));
      button.disabled = true;
    }
    return button;
  }

  function renderTables() {
    var box = document.getElementById("tables");
    box.textContent = "";
    document.getElementById("draw").hidden = tournament.status !== "registering";
    var byTable = {};
    tournament.entries.forEach(function (e) {
      if (!e.eliminated && e.table) (byTable[e.table] = byTable[e.table] || {})[e.seat] = e;
    });
    Object.keys(tournament.tables).sort(function (a, b) { return a - b; }).forEach(function (table) {
      var card = el("div", "table-card");
      var seats = byTable[table] || {};
      var head = el("h3", null, "Table " + table + " · " + Object.keys(seats).length + " players · button seat " +
        (tournament.buttons[table] || "-"));
      card.appendChild(head);
      var grid = el("div", "seats");
      for (var s = 1; s <= tournament.tables[table]; s++) grid.appendChild(seatButton(table, s, seats[s]));
      card.appendChild(grid);
      box.appendChild(card);
    });
    if (tournament.status === "registering") {
      box.appendChild(el("p", "lead", tournament.entries.length + " registered. Seats are drawn when registration closes."));
    }
    if (tournament.status === "finished") {
      var winners = tournament.entries.filter(function (e) { return e.prize; })
        .sort(function (a, b) { return a.place - b.place; });
      var list = el("ol", "queue");
      winners.forEach(function (e) { list.appendChild(el("li", "queue-job", e.place + ". #" + e.number + " " + e.player_name + " · $" + e.prize)); });
      box.appendChild(el("h3", null, "Final places"));
      box.appendChild(list);
    }
    var names = Object.keys(selected).map(function (n) { return "#" + n + " " + selected[n].player_name; });
    document.getElementById("bust-bar").hidden = !names.length;
    document.getElementById("bust-names").textContent = names.join(", ");
  }

  function load() {
    return Station.get(base).then(function (data) { tournament = data; renderTables(); });
  }

  function side() {
    Station.get(base + "/deck-reminders").then(function (due) {
      var list = document.getElementById("reminders");
      list.textContent = "";
      due.forEach(function (d) { list.appendChild(el("li", "alert alert-approaching", "Table " + d.table + ": " + d.what)); });
      if (!due.length) list.appendChild(el("li", "alert alert-none muted", "Nothing due."));
    });
    Station.get(base + "/staff").then(function (people) {
      var list = document.getElementById("staff");
      list.textContent = "";
      people.forEach(function (p) {
        list.appendChild(el("li", "queue-job", p.person_name + " · " + p.role.replace("_", " ") + (p.table ? " · table " + p.table : "")));
      });
      if (!people.length) list.appendChild(el("li", "muted", "No director appointed (28 Del. C. §1827(1))."));
    });
  }

  document.getElementById("tables").addEventListener("click", function (event) {
    var button = event.target.closest("button.seat.taken");
    if (!button) return;
    var number = button.dataset.entry;
    var entry = tournament.entries.find(function (e) { return String(e.number) === number; });
    if (selected[number]) delete selected[number]; else selected[number] = entry;
    renderTables();
  });

  function openBust() {
    var box = document.getElementById("bust-stacks");
    box.textContent = "";
    Object.keys(selected).forEach(function (n) {
      var label = el("label", "inline-field", "#" + n + " " + selected[n].player_name + ": chips at the start of the hand ");
      var input = el("input");
      input.inputMode = "numeric";
      input.maxLength = 9;
      input.size = 9;
      input.value = "0";
      input.dataset.entry = n;
      label.appendChild(input);
      box.appendChild(label);
    });
    document.getElementById("bust-dialog").hidden = false;
    var first = box.querySelector("input");
    if (first) first.select();
  }

  function openMove() {
    var box = document.getElementById("open-seats");
    box.textContent = "";
    var taken = {};
    tournament.entries.forEach(function (e) { if (!e.eliminated && e.table) taken[e.table + "-" + e.seat] = true; });
    Object.keys(tournament.tables).forEach(function (table) {
      for (var s = 1; s <= tournament.tables[table]; s++) {
        if (taken[table + "-" + s]) continue;
        var button = el("button", "btn", "Table " + table + ", seat " + s);
        button.type = "button";
        button.dataset.table = table;
        button.dataset.seat = s;
        box.appendChild(button);
      }
    });
    document.getElementById("move-title").textContent = "Move #" + moving.number + " " + moving.player_name;
    document.getElementById("move-dialog").hidden = false;
  }

  document.getElementById("bust-open").addEventListener("click", openBust);
  document.getElementById("bust-clear").addEventListener("click", function () { selected = {}; renderTables(); });
  document.getElementById("move-open").addEventListener("click", function () {
    var keys = Object.keys(selected);
    if (keys.length !== 1) { Station.say("Choose one player to move."); return; }
    moving = selected[keys[0]];
    openMove();
  });

  document.querySelectorAll("[data-close]").forEach(function (b) {
    b.addEventListener("click", function () { b.closest(".overlay").hidden = true; });
  });

  document.getElementById("bust-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var busts = [];
    document.querySelectorAll("#bust-stacks input").forEach(function (input) {
      busts.push({entry_number: parseInt(input.dataset.entry, 10), starting_stack: parseInt(input.value, 10) || 0});
    });
    var out = tournament.entries.filter(function (e) { return e.eliminated; }).length;
    Station.send("POST", base + "/eliminations", {hand: out + 1, busts: busts}, "bust-" + base + "-" + out)
      .then(function (data) {
        document.getElementById("bust-dialog").hidden = true;
        selected = {};
        tournament = data;
        renderTables();
        face.refresh();
      }).catch(function () {});
  });

  document.getElementById("open-seats").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-seat]");
    if (!button) return;
    Station.send("POST", base + "/seat-moves", {entry_number: moving.number, table: parseInt(button.dataset.table, 10),
      seat: parseInt(button.dataset.seat, 10)}, keyed("move")).then(function () {
      document.getElementById("move-dialog").hidden = true;
      selected = {};
      load();
    }).catch(function () { document.getElementById("move-dialog").hidden = true; });
  });

  document.querySelectorAll("[data-clock]").forEach(function (button) {
    button.addEventListener("click", function () {
      Station.send("POST", base + "/clock", {action: button.dataset.clock}, keyed("clock-" + button.dataset.clock))
        .then(function () { face.refresh(); }).catch(function () {});
    });
  });

  document.getElementById("draw").addEventListener("submit", function (event) {
    event.preventDefault();
    var seats = parseInt(document.getElementById("seats-per-table").value, 10) || 9;
    Station.send("POST", base + "/start", {seats_per_table: seats}, "draw-" + base).then(function (data) {
      tournament = data;
      renderTables();
      face.refresh();
      side();
    }).catch(function () {});
  });

  document.getElementById("deal").addEventListener("click", function () {
    Station.send("POST", base + "/deal", undefined).catch(function () {});
  });

  var face = ClockFace.track(root.dataset.state, root.dataset.events, renderClock, load);
  setInterval(side, 60000);
  load();
  side();
})();
