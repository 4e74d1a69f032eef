// The tournament director's console: the clock and its controls, every table's seats, busts (two or
// more on one hand with their starting stacks) and the undo of the last one, the director's own seat
// moves, deck reminders, seat moves and staff. Every change comes back over the clock's event stream.
// The seat draw, starting the clock, the next level and an undo each take two taps (twostep.js). Before
// the draw the director picks the prize table for the field when more than one posted table is for it
// (28 Del. C. ch. 18, printed rules ¶(5)); the draw sends the pick, and the prizes in force are shown.
(function () {
  var root = document.getElementById("director");
  var base = root.dataset.base;
  var el = Station.element;
  var tournament = null, selected = {}, moving = null, bustKey = null, pickedTable = null, shownPrizes = null;

  function keyed(action) { return action + "-" + base + "-" + Date.now(); }

  function clockButton(action) { return document.querySelector('[data-clock="' + action + '"]'); }

  function renderClock(state, left) {
    var clock = state.clock;
    var finished = state.status === "finished";
    document.getElementById("status").textContent = state.status;
    document.getElementById("level").textContent = finished ? "Finished" : clock.current.is_break ? "Break" : "Level " + clock.level;
    var time = document.getElementById("time");
    time.textContent = finished ? "Winner: " + (state.winner || "") : ClockFace.clockText(left);
    time.classList.toggle("winner", finished);
    document.getElementById("blinds").textContent = finished ? "" : ClockFace.blinds(clock.current);
    document.getElementById("next").textContent = finished ? "" : "Next: " + ClockFace.blinds(clock.next);
    document.getElementById("left").textContent = state.players_left + " of " + state.entries;
    document.getElementById("average").textContent = state.average_stack.toLocaleString();
    document.getElementById("pool").textContent = state.pool;
    document.getElementById("rebuys").textContent = state.rebuys;
    // Pause and Resume follow the clock itself, whatever else the screen is doing; at the winner the
    // clock has stopped and no control is offered.
    var live = !finished && state.status === "running";
    clockButton("start").hidden = !live || clock.started;
    clockButton("pause").hidden = finished || !clock.started || clock.paused;
    clockButton("resume").hidden = finished || !clock.started || !clock.paused;
    clockButton("next_level").hidden = finished || !clock.started || clock.paused;
    TwoStep.label(clockButton("next_level"), "Next level",
      "Tap again to go to the next level (" + ClockFace.blinds(clock.next) + ")");
    document.getElementById("clock-stopped").hidden = !finished;
    // The prizes are laid out again only when they change (render runs four times a second).
    document.getElementById("prizes-now-box").hidden = state.status === "registering";
    var prizeKey = JSON.stringify([state.prize_table, state.prizes]);
    if (prizeKey !== shownPrizes) {
      shownPrizes = prizeKey;
      document.getElementById("prize-table-name").textContent = state.prize_table || "no table is for this field yet";
      var prizes = document.getElementById("prizes-now");
      prizes.textContent = "";
      state.prizes.forEach(function (p) {
        var li = el("li");
        li.appendChild(el("span", null, p.place_label));
        li.appendChild(el("span", null, p.prize));
        prizes.appendChild(li);
      });
    }
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
    button.appendChild(el("span", "seat-no", seat));
    if (entry) {
      button.appendChild(el("span", "seat-name", "#" + entry.number + " " + entry.player_name));
      button.dataset.entry = entry.number;
      button.setAttribute("aria-pressed", selected[entry.number] ? "true" : "false");
      if (selected[entry.number]) button.classList.add("selected");
    } else {
      button.appendChild(el("span", "seat-name muted", "open"));
      button.disabled = true;
    }
    return button;
  }

  function renderLastOut() {
    var last = tournament.last_out;
    var box = document.getElementById("last-out");
    var undo = document.getElementById("undo-bust");
    box.hidden = !last;
    if (!last) { if (undo.dataset.twostep) TwoStep.disarm(undo.dataset.twostep); return; }
    undo.hidden = !last.undoable;
    undo.dataset.entry = last.entry_number;
    undo.dataset.twostep = "undo-" + last.hand + "-" + last.entry_number;
    TwoStep.label(undo, "Undo: " + last.label, "Tap again to undo: " + last.label);
    document.getElementById("last-out-text").textContent = last.undoable
      ? "Last out, on hand " + last.hand + ":"
      : "Last out: " + last.label + ". It cannot be undone: " + last.why_not;
  }

  // A part of the screen is drawn apart and put in only where it differs from what is shown: a redraw
  // that changes nothing (a clock event, the answer to the director's own tap) never replaces a button
  // under a finger, where the tap would land on a button no longer on the page and be lost.
  function putIn(shown, drawn) {
    var same = shown.childNodes.length === drawn.childNodes.length &&
      Array.prototype.every.call(drawn.childNodes, function (node, i) { return node.isEqualNode(shown.childNodes[i]); });
    if (!same) shown.replaceChildren.apply(shown, Array.from(drawn.childNodes));
  }

  function renderPrizeChoice() {
    var box = el("div");
    var hint = document.getElementById("prize-hint");
    drawPrizeChoice(box, hint);
    putIn(document.getElementById("prize-tables"), box);
  }

  function drawPrizeChoice(box, hint) {
    if (tournament.status !== "registering") return;
    var count = tournament.entries.length;
    var fitting = tournament.prize_tables.filter(function (t) { return t.fits; });
    if (!fitting.some(function (t) { return t.number === pickedTable; })) pickedTable = null;
    var chosen = pickedTable || tournament.prize_table;
    fitting.forEach(function (t) {
      var button = el("button", "prize-table");
      button.type = "button";
      button.dataset.table = t.number;
      button.setAttribute("aria-pressed", t.number === chosen ? "true" : "false");
      button.appendChild(el("strong", null, "Prize table " + t.number + " · " + t.label));
      button.appendChild(el("small", null, t.prizes.map(function (p) { return p.place_label + " " + p.amount; }).join(" · ")));
      box.appendChild(button);
    });
    var others = tournament.prize_tables.filter(function (t) { return !t.fits; })
      .map(function (t) { return "table " + t.number + " (" + t.label + ")"; });
    var notFor = others.length && fitting.length ? " Not for this field: " + others.join(", ") + "." : "";
    hint.textContent = !fitting.length
      ? "No prize table is for " + count + " entrants: " + others.join(", ") + ". The draw waits for a field a table is for."
      : (fitting.length > 1
        ? count + " entrants: more than one table is for this field. Tap the one to pay; the first is the default."
        : count + " entrants: table " + fitting[0].number + " is the one for this field.") + notFor;
  }

  function renderTables() {
    renderPrizeChoice();
    var box = el("div");
    document.getElementById("draw").hidden = tournament.status !== "registering";
    var byTable = {};
    tournament.entries.forEach(function (e) {
      if (!e.eliminated && e.table) (byTable[e.table] = byTable[e.table] || {})[e.seat] = e;
    });
    Object.keys(tournament.tables).sort(function (a, b) { return a - b; }).forEach(function (table) {
      var card = el("div", "table-card");
      var seats = byTable[table] || {};
      var count = Object.keys(seats).length;
      card.appendChild(el("h3", null, "Table " + table + " · " + count + (count === 1 ? " player" : " players") +
        " · button seat " + (tournament.buttons[table] || "-")));
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
      var list = el("ol", "places");
      winners.forEach(function (e) {
        var li = el("li");
        li.appendChild(el("span", null, e.place + ". #" + e.number + " " + e.player_name + " · $" + e.prize));
        li.appendChild(el("span", e.paid ? "paid" : "unpaid", e.paid ? e.paid.text : "Not paid yet"));
        list.appendChild(li);
      });
      box.appendChild(el("h3", null, "Final places"));
      box.appendChild(list);
    }
    putIn(document.getElementById("tables"), box);
    renderLastOut();
    var names = Object.keys(selected).map(function (n) { return "#" + n + " " + selected[n].player_name; });
    document.getElementById("bust-bar").hidden = !names.length;
    document.getElementById("bust-names").textContent = names.join(", ");
  }

  // The stream asks again after every change, the director's own and each clock event: a state
  // already on the screen is not drawn again, so a seat is never replaced under a finger tapping it; a
  // state older than the one shown is not drawn at all (Station.latest).
  function draw(data) {
    var shown = tournament !== null && JSON.stringify(data) === JSON.stringify(tournament);
    tournament = data;
    Object.keys(selected).forEach(function (n) {
      var now = tournament.entries.find(function (e) { return String(e.number) === n; });
      if (!now || now.eliminated) delete selected[n];
    });
    if (!shown) renderTables();
  }
  var reads = Station.latest(base, draw);
  var load = reads.load;

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

  function openSheet(id, focus) {
    var sheet = document.getElementById(id);
    sheet.hidden = false;
    var first = focus ? sheet.querySelector(focus) : null;
    if (first) first.select ? first.select() : first.focus();
  }

  function closeSheets() { document.querySelectorAll(".sheet").forEach(function (s) { s.hidden = true; }); }

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
      var label = el("label", null, "#" + n + " " + selected[n].player_name + ": chips at the start of the hand ");
      var input = el("input");
      input.inputMode = "numeric";
      input.maxLength = 9;
      input.size = 9;
      input.value = "0";
      input.dataset.entry = n;
      label.appendChild(input);
      box.appendChild(label);
    });
    // One key for each time the dialog opens: a double tap on Record records once, and the same hand
    // recorded again after an undo is a new act.
    bustKey = keyed("bust");
    openSheet("bust-dialog", "input");
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
    openSheet("move-dialog");
  }

  document.getElementById("bust-open").addEventListener("click", openBust);
  document.getElementById("bust-clear").addEventListener("click", function () { selected = {}; renderTables(); });
  document.getElementById("move-open").addEventListener("click", function () {
    var keys = Object.keys(selected);
    if (keys.length !== 1) { Station.say("Choose one player to move."); return; }
    moving = selected[keys[0]];
    openMove();
  });

  document.querySelectorAll("[data-close]").forEach(function (b) { b.addEventListener("click", closeSheets); });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") closeSheets(); });

  document.getElementById("bust-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var busts = [];
    document.querySelectorAll("#bust-stacks input").forEach(function (input) {
      busts.push({entry_number: parseInt(input.dataset.entry, 10), starting_stack: parseInt(input.value, 10) || 0});
    });
    var out = tournament.entries.filter(function (e) { return e.eliminated; }).length;
    var hand = (tournament.last_out ? tournament.last_out.hand : out) + 1;
    Station.send("POST", base + "/eliminations", {hand: hand, busts: busts}, bustKey)
      .then(function (data) {
        closeSheets();
        selected = {};
        reads.changed(data);
        renderTables();
        face.refresh();
        // The undo offer comes into view, for a bust keyed in error.
        document.getElementById("last-out").scrollIntoView({block: "nearest"});
      }).catch(function () {});
  });

  TwoStep.bind(document.getElementById("undo-bust"), function () {
    var undo = document.getElementById("undo-bust");
    Station.send("POST", base + "/eliminations/undo", {entry_number: parseInt(undo.dataset.entry, 10)}, keyed("undo"))
      .then(function (data) {
        selected = {};
        reads.changed(data);
        renderTables();
        face.refresh();
      }).catch(function () { load(); });
  });

  document.getElementById("open-seats").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-seat]");
    if (!button) return;
    Station.send("POST", base + "/seat-moves", {entry_number: moving.number, table: parseInt(button.dataset.table, 10),
      seat: parseInt(button.dataset.seat, 10)}, keyed("move")).then(function () {
      closeSheets();
      selected = {};
      load();
    }).catch(function () { closeSheets(); });
  });

  function clock(action) {
    Station.send("POST", base + "/clock", {action: action}, keyed("clock-" + action))
      .then(function () { face.refresh(); }).catch(function () { face.refresh(); });
  }
  TwoStep.bind(clockButton("start"), function () { clock("start"); });
  TwoStep.bind(clockButton("next_level"), function () { clock("next_level"); });
  // Pause and Resume share one place, so a double tap would pause and then resume: after either, the
  // pair takes no tap for a moment.
  var pausedOrResumedAt = 0;
  function pauseOrResume(action) {
    if (Date.now() - pausedOrResumedAt < 1500) return;
    pausedOrResumedAt = Date.now();
    clock(action);
  }
  clockButton("pause").addEventListener("click", function () { pauseOrResume("pause"); });
  clockButton("resume").addEventListener("click", function () { pauseOrResume("resume"); });

  document.getElementById("draw").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!TwoStep.tap(document.getElementById("draw-seats"))) return;
    var seats = parseInt(document.getElementById("seats-per-table").value, 10) || 9;
    var body = {seats_per_table: seats, prize_table: pickedTable || tournament.prize_table};
    Station.send("POST", base + "/start", body, "draw-" + base).then(function (data) {
      reads.changed(data);
      face.refresh();
      side();
    }).catch(function () {});
  });

  document.getElementById("prize-tables").addEventListener("click", function (event) {
    var button = event.target.closest("button.prize-table");
    if (!button) return;
    pickedTable = parseInt(button.dataset.table, 10);
    renderPrizeChoice();
  });

  document.getElementById("deal").addEventListener("click", function () {
    Station.send("POST", base + "/deal", undefined).catch(function () {});
  });

  var face = ClockFace.track(root.dataset.state, root.dataset.events, renderClock, load);
  setInterval(side, 60000);
  load();
  side();
})();
