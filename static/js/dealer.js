// The dealer's table screen: the table's seats, the deck log and its reminders, and the showdown
// helper (the server settles the order of showing, the ranking and the pots through pokerkit). Cards
// are chosen by tapping a box (a board card, a seat's card) and then the card in a 52-card deck, where
// every card already used is disabled; a seat is marked folded with a toggle. What the dealer has
// entered survives the screen redrawing on a clock event.
(function () {
  var root = document.getElementById("dealer");
  var base = root.dataset.base;
  var el = Station.element;
  var tournament = null;
  var table = parseInt(new URLSearchParams(window.location.search).get("table") || "1", 10);
  var SUITS = [["s", "♠", "spades"], ["h", "♥", "hearts"], ["d", "♦", "diamonds"], ["c", "♣", "clubs"]];
  var RANKS = [["A", "A", "ace"], ["K", "K", "king"], ["Q", "Q", "queen"], ["J", "J", "jack"], ["T", "10", "10"],
    ["9", "9", "9"], ["8", "8", "8"], ["7", "7", "7"], ["6", "6", "6"], ["5", "5", "5"], ["4", "4", "4"], ["3", "3", "3"],
    ["2", "2", "2"]];
  var cards = {}, chips = {}, folded = {}, target = null;

  function rankOf(code) { return RANKS.find(function (r) { return r[0] === code[0]; }); }
  function suitOf(code) { return SUITS.find(function (s) { return s[0] === code[1]; }); }
  function face(code) { return rankOf(code)[1] + suitOf(code)[1]; }
  function spoken(code) { return rankOf(code)[2] + " of " + suitOf(code)[2]; }

  function seated() {
    var here = tournament.entries.filter(function (e) { return !e.eliminated && e.table === table; });
    return here.sort(function (a, b) { return a.seat - b.seat; });
  }

  function slotName(id) {
    var parts = id.split("-");
    return parts[0] === "board" ? "Board card " + (parseInt(parts[1], 10) + 1) : "Seat " + parts[1] + ", card " + (parseInt(parts[2], 10) + 1);
  }

  function group(id) {
    var parts = id.split("-");
    if (parts[0] === "board") return [0, 1, 2, 3, 4].map(function (n) { return "board-" + n; });
    return ["seat-" + parts[1] + "-0", "seat-" + parts[1] + "-1"];
  }

  function paintSlot(button) {
    var id = button.dataset.slot, code = cards[id];
    button.className = "slot" + (code ? " suit-" + code[1] : " empty") + (id === target ? " target" : "");
    button.textContent = code ? face(code) : "?";
    button.setAttribute("aria-label", slotName(id) + ": " + (code ? spoken(code) : "none"));
  }

  function paintSlots() { document.querySelectorAll("[data-slot]").forEach(paintSlot); }

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

  function slot(id) {
    var b = el("button", "slot");
    b.type = "button";
    b.dataset.slot = id;
    return b;
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
      [0, 1].forEach(function (n) {
        var b = slot("seat-" + e.seat + "-" + n);
        b.disabled = !!folded[e.seat];
        row.appendChild(b);
      });
      var put = el("input");
      put.setAttribute("aria-label", "Seat " + e.seat + " chips in the pot");
      put.placeholder = "chips in";
      put.inputMode = "numeric";
      put.maxLength = 9;
      put.className = "chips";
      put.value = chips[e.seat] || "";
      put.addEventListener("input", function () { chips[e.seat] = put.value; });
      row.appendChild(put);
      var fold = el("button", "toggle fold", "Folded");
      fold.type = "button";
      fold.dataset.seat = e.seat;
      fold.setAttribute("aria-pressed", folded[e.seat] ? "true" : "false");
      fold.setAttribute("aria-label", "Seat " + e.seat + " folded");
      row.appendChild(fold);
      hands.appendChild(row);
    });
    paintSlots();
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

  // A read answered after a later one is not drawn (Station.latest): a seat just emptied by a bust
  // never comes back.
  var load = Station.latest(base, function (data) {
    tournament = data;
    if (!tournament.tables[table]) table = parseInt(Object.keys(tournament.tables)[0] || "1", 10);
    renderPicker();
    renderSeats();
    reminders();
  }).load;

  function clearHand() {
    cards = {};
    chips = {};
    folded = {};
    closeDeck();
    document.getElementById("aggressor").value = "";
    document.getElementById("ruling").hidden = true;
  }

  // The deck: 4 suits of 13, each card a button showing its rank and suit symbol (the four suits are
  // also four colours, never colour alone); a card used in another box is disabled.
  function renderDeck() {
    var deck = document.getElementById("deck");
    deck.textContent = "";
    var used = {};
    Object.keys(cards).forEach(function (id) { if (id !== target) used[cards[id]] = true; });
    SUITS.forEach(function (suit) {
      RANKS.forEach(function (rank) {
        var code = rank[0] + suit[0];
        var b = el("button", "card suit-" + suit[0], rank[1] + suit[1]);
        b.type = "button";
        b.dataset.card = code;
        b.setAttribute("aria-label", spoken(code));
        b.setAttribute("aria-pressed", cards[target] === code ? "true" : "false");
        b.disabled = !!used[code];
        deck.appendChild(b);
      });
    });
    document.getElementById("deck-title").textContent = slotName(target);
  }

  function openDeck(id) {
    target = id;
    renderDeck();
    paintSlots();
    document.getElementById("deck-dialog").hidden = false;
    var first = document.querySelector("#deck .card:not(:disabled)");
    if (first) first.focus();
  }

  function closeDeck() {
    target = null;
    document.getElementById("deck-dialog").hidden = true;
    paintSlots();
  }

  document.getElementById("showdown").addEventListener("click", function (event) {
    var box = event.target.closest("button[data-slot]");
    if (box) { openDeck(box.dataset.slot); return; }
    var fold = event.target.closest("button.fold");
    if (!fold) return;
    var seat = fold.dataset.seat;
    folded[seat] = !folded[seat];
    if (folded[seat]) { delete cards["seat-" + seat + "-0"]; delete cards["seat-" + seat + "-1"]; }
    renderSeats();
  });

  document.getElementById("deck").addEventListener("click", function (event) {
    var card = event.target.closest("button[data-card]");
    if (!card || card.disabled || !target) return;
    cards[target] = card.dataset.card;
    var next = group(target).find(function (id) { return !cards[id]; });
    if (next) openDeck(next); else closeDeck();
  });
  document.getElementById("deck-empty").addEventListener("click", function () {
    if (!target) return;
    delete cards[target];
    renderDeck();
    paintSlots();
  });
  document.getElementById("deck-done").addEventListener("click", closeDeck);
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") closeDeck(); });

  document.getElementById("table-picker").addEventListener("click", function (event) {
    var b = event.target.closest("button[data-table]");
    if (!b) return;
    table = parseInt(b.dataset.table, 10);
    history.replaceState(null, "", "?table=" + table);
    clearHand();
    renderPicker();
    renderSeats();
    reminders();
  });

  function deck(body, key) {
    Station.send("POST", base + "/decks", body, key).then(reminders).catch(function () {});
  }

  document.querySelectorAll("[data-deck]").forEach(function (b) {
    TwoStep.bind(b, function () {
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

  function dealt(ids) { return ids.map(function (id) { return cards[id]; }).filter(Boolean).join(" "); }

  document.getElementById("showdown").addEventListener("submit", function (event) {
    event.preventDefault();
    var stakes = [];
    seated().forEach(function (e) {
      var put = parseInt(chips[e.seat], 10);
      if (!put) return;
      var hand = dealt(group("seat-" + e.seat + "-0"));
      stakes.push({seat: e.seat, chips: put, folded: !!folded[e.seat], cards: folded[e.seat] || !hand ? null : hand});
    });
    var aggressor = parseInt(document.getElementById("aggressor").value, 10);
    Station.send("POST", base + "/showdowns", {table: table, board: dealt(group("board-0")), stakes: stakes,
      last_aggressor: aggressor || null}).then(showRuling).catch(function () { document.getElementById("ruling").hidden = true; });
  });
  document.getElementById("showdown").addEventListener("reset", function () {
    clearHand();
    renderSeats();
  });

  ClockFace.track(root.dataset.state, root.dataset.events, function (state, left) {
    var clock = state.clock;
    var finished = state.status === "finished";
    document.getElementById("level").textContent = finished ? "Finished" : clock.current.is_break ? "Break" : "Level " + clock.level;
    var time = document.getElementById("time");
    time.textContent = finished ? "Winner: " + (state.winner || "") : ClockFace.clockText(left);
    time.classList.toggle("winner", finished);
    document.getElementById("blinds").textContent = finished ? "" : ClockFace.blinds(clock.current);
  }, load);
  setInterval(reminders, 60000);
  load();
})();
