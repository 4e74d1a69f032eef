// The tournament desk: entries, re-buys and re-entries (the server checks the policy, the caps and
// the no-credit rule, and prints the receipt with the table and seat) into the desk's till (till.js),
// prizes paid from it once the tournament is over, and the clock for the re-buy period. A prize takes
// two taps; once paid, its row says when and by whom and offers no Pay button, after a reload too. A
// prize a W-2G reports opens a dialog first for the winner's name, address and ID seen, and its Pay
// sends them (a refusal names the field). Once the seats are drawn, Print seat cards prints a card
// for every player seated.
(function () {
  var root = document.getElementById("desk");
  var base = root.dataset.base;
  var el = Station.element;
  var tournament = null, buying = null;
  // A payment answer seen before on this page is a repeated tap, never a new payment.
  var page = Station.fresh("desk"), shown = {};

  function showLast(title, lines) {
    var box = document.getElementById("last");
    box.textContent = "";
    box.appendChild(el("strong", null, title));
    lines.forEach(function (line) { box.appendChild(el("span", null, line)); });
    box.hidden = false;
  }

  function receiptLine(data) {
    var job = data.print_jobs && data.print_jobs[0];
    if (job) PrintQueue.changed();
    return job ? PrintQueue.outcome(job, "Receipt") : "";
  }

  function seatText(e) { return e.table ? e.table + "-" + e.seat : ""; }

  function status(e, cell) {
    if (!(e.place && tournament.status === "finished")) { cell.textContent = e.eliminated ? "out" : "in"; return; }
    cell.appendChild(el("span", null, e.place_label + (e.prize ? " · $" + e.prize : "")));
    if (e.paid) cell.appendChild(el("span", "paid", e.paid.text));
    else if (e.prize) cell.appendChild(el("span", "unpaid", "Not paid yet"));
  }

  function action(label, kind, entry) {
    var b = el("button", "btn", label);
    b.type = "button";
    b.dataset.kind = kind;
    b.dataset.entry = entry.number;
    return b;
  }

  function payButton(entry) {
    var b = action("Pay $" + entry.prize + (entry.w2g_due ? " · W-2G" : ""), "prize", entry);
    b.classList.add("btn-primary");
    if (entry.w2g_due) return b;
    b.dataset.twostep = "prize-" + entry.number;
    b.dataset.confirm = "Tap again to pay $" + entry.prize;
    TwoStep.mark(b);
    return b;
  }

  function render() {
    var find = document.getElementById("find").value.trim().toLowerCase();
    var body = document.getElementById("entries");
    body.textContent = "";
    var left = tournament.entries.filter(function (e) { return !e.eliminated; }).length;
    document.getElementById("counts").textContent = tournament.entries.length + " entered · " + left + " in";
    tournament.entries.filter(function (e) {
      return !find || String(e.number) === find || e.player_name.toLowerCase().indexOf(find) >= 0;
    }).forEach(function (e) {
      var row = body.insertRow();
      if (e.eliminated) row.className = "out";
      [e.number, e.player_name, seatText(e), "$" + e.spent].forEach(function (v) { row.insertCell().textContent = v; });
      var state = row.insertCell();
      state.className = "status";
      status(e, state);
      var cell = row.insertCell();
      var finished = tournament.status === "finished";
      if (!finished && !e.eliminated && root.dataset.rebuys === "yes") cell.appendChild(action("Re-buy", "rebuy", e));
      if (!finished && e.eliminated && root.dataset.reentry === "yes") cell.appendChild(action("Re-entry", "reentry", e));
      if (finished && e.prize && !e.paid) cell.appendChild(payButton(e));
    });
  }

  // A read answered after a later one is not drawn (Station.latest): a prize just paid never comes back
  // as unpaid under the cashier's finger.
  var reads = Station.latest(base, function (data) {
    tournament = data;
    document.getElementById("seat-cards").hidden = data.status !== "running";
    render();
  });

  function load() {
    Till.refresh();
    return reads.load();
  }

  document.getElementById("entry-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var name = document.getElementById("player-name").value.trim();
    var tendered = document.getElementById("entry-tendered").value.trim();
    var age = document.getElementById("age-confirmed");
    var body = {kind: "entry", player_name: name, tendered: tendered};
    if (age) body.age_confirmed = age.checked;
    // The key names the entry by the count already entered (a double tap enters once); an entry keyed
    // before the desk's first read has come back is the first this page has seen.
    var count = tournament ? tournament.entries.length : "unread";
    var key = "entry-" + base + "-" + name + "-" + count + (age && age.checked ? "-18" : "");
    Station.send("POST", base + "/buys", body, key).then(function (data) {
      showLast("Player " + data.entry.number + ": " + data.entry.player_name,
        ["Paid $" + data.price + " · change $" + data.change, data.entry.table ? "Table " + data.entry.table + ", seat " + data.entry.seat
          : "Seat drawn when registration closes", receiptLine(data)]);
      document.getElementById("player-name").value = "";
      if (age) age.checked = false;
      document.getElementById("player-name").focus();
      load();
    }).catch(function () {});
  });

  document.getElementById("entries").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-kind]");
    if (!button) return;
    if (button.dataset.kind === "prize") {
      var number = parseInt(button.dataset.entry, 10);
      var entry = tournament.entries.find(function (e) { return e.number === number; });
      if (entry.w2g_due) openW2G(entry);
      else if (TwoStep.tap(button)) pay(number);
      return;
    }
    buying = {kind: button.dataset.kind, entry: parseInt(button.dataset.entry, 10)};
    document.getElementById("buy-title").textContent = (buying.kind === "rebuy" ? "Re-buy" : "Re-entry") + " for #" + buying.entry;
    document.getElementById("chips-field").hidden = buying.kind !== "rebuy" || root.dataset.below === "";
    document.getElementById("buy-tendered").value = root.dataset.rebuyPrice;
    document.getElementById("buy-dialog").hidden = false;
    document.getElementById("buy-tendered").select();
  });

  // The answer names the payment as made (amount, hall time, cashier); the same payment seen again on
  // this page (a repeated tap) says so. A prize paid elsewhere is refused by the server, its message in
  // the bar, and the list is reloaded so the row shows it paid.
  function paidShown(data) {
    var e = data.entry, seen = shown[e.number];
    shown[e.number] = true;
    showLast((seen ? "Already paid: " : "") + e.place_label + " place · #" + e.number + " " + e.player_name,
      [e.paid.text, data.w2g_required ? "W-2G required: winnings less buy-ins over $5,000" : "", seen ? "" : receiptLine(data)]);
    load();
  }

  function pay(number) {
    Station.send("POST", base + "/payouts", {entry_number: number}, "prize-" + number + "-" + page)
      .then(paidShown).catch(function () { load(); });
  }

  // IRS Form W-2G: the winner's identification before the prize is paid. The dialog is the
  // confirmation (its Pay is the second, deliberate tap); a refusal is said in it, beside the field it
  // names, and a new try is a new request (the same key would answer the refusal again).
  var w2g = {entry: null, tries: 0};
  var w2gFields = ["w2g-name", "w2g-address", "w2g-id"].map(function (id) { return document.getElementById(id); });

  function w2gProblem(message, field) {
    var box = document.getElementById("w2g-problem");
    var wrong = w2gFields.find(function (input) { return input.dataset.field === field; });
    var label = wrong ? document.querySelector('label[for="' + wrong.id + '"]').textContent : "";
    box.textContent = message ? (label ? label + " is missing. " : "") + message : "";
    w2gFields.forEach(function (input) { input.removeAttribute("aria-invalid"); });
    if (wrong) { wrong.setAttribute("aria-invalid", "true"); wrong.focus(); }
  }

  function openW2G(entry) {
    w2g.entry = entry;
    document.getElementById("w2g-title").textContent = "W-2G: " + entry.place_label + " place · #" + entry.number +
      " " + entry.player_name + " · $" + entry.prize;
    w2gFields.forEach(function (input) { input.value = ""; });
    w2gFields[0].value = entry.player_name;
    document.getElementById("w2g-pay").textContent = "Pay $" + entry.prize;
    w2gProblem("");
    document.getElementById("w2g").hidden = false;
    w2gFields[0].focus();
  }

  function closeW2G() {
    document.getElementById("w2g").hidden = true;
    w2g.entry = null;
  }

  document.getElementById("w2g-cancel").addEventListener("click", closeW2G);
  document.getElementById("w2g-form").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!w2g.entry) return;
    var number = w2g.entry.number, payButton = document.getElementById("w2g-pay");
    var body = {entry_number: number, winner_name: w2gFields[0].value.trim(), winner_address: w2gFields[1].value.trim(),
      winner_id: w2gFields[2].value.trim()};
    payButton.disabled = true;
    Station.ask("POST", base + "/payouts", body, "prize-" + number + "-" + page + "-w" + w2g.tries).then(function (answer) {
      payButton.disabled = false;
      if (answer.ok) { closeW2G(); Station.say(""); paidShown(answer.data); return; }
      w2g.tries += 1;
      var data = answer.data || {};
      var field = Object.keys(data.fields || {})[0];
      w2gProblem((data.message || "The server answered " + answer.status + ".") + (data.rule ? " (" + data.rule + ")" : ""), field);
      if (answer.status !== 422) load();
    }).catch(function () { payButton.disabled = false; });
  });

  // Seat cards for every player seated now, one print job each; the answer says how many printed.
  document.getElementById("seat-cards").addEventListener("click", function () {
    var button = document.getElementById("seat-cards");
    button.disabled = true;
    Station.send("POST", base + "/seat-cards", undefined, Station.fresh("seat-cards")).then(function (jobs) {
      button.disabled = false;
      PrintQueue.changed();
      var printed = jobs.filter(function (job) { return job.status === "printed"; }).length;
      showLast("Seat cards", [printed + " of " + jobs.length + " printed" +
        (printed < jobs.length ? "; the rest wait in To print" : ".")]);
    }).catch(function () { button.disabled = false; });
  });

  document.getElementById("buy-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var entry = tournament.entries.find(function (e) { return e.number === buying.entry; });
    var body = {kind: buying.kind, entry_number: buying.entry, tendered: document.getElementById("buy-tendered").value.trim(),
      chips: parseInt(document.getElementById("buy-chips").value, 10) || 0};
    var key = buying.kind + "-" + base + "-" + buying.entry + "-" + entry.spent;
    Station.send("POST", base + "/buys", body, key).then(function (data) {
      document.getElementById("buy-dialog").hidden = true;
      showLast((buying.kind === "rebuy" ? "Re-buy" : "Re-entry") + ": #" + data.entry.number + " " + data.entry.player_name,
        ["Paid $" + data.price + " · change $" + data.change + " · spent $" + data.entry.spent,
          data.entry.table ? "Table " + data.entry.table + ", seat " + data.entry.seat : "", receiptLine(data)]);
      load();
    }).catch(function () { document.getElementById("buy-dialog").hidden = true; });
  });

  document.querySelectorAll("[data-close]").forEach(function (b) {
    b.addEventListener("click", function () { b.closest(".sheet").hidden = true; });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { document.getElementById("buy-dialog").hidden = true; closeW2G(); }
  });
  document.getElementById("find").addEventListener("input", render);

  ClockFace.track(root.dataset.state, root.dataset.events, function (state, left) {
    var clock = state.clock;
    var finished = state.status === "finished";
    document.getElementById("level").textContent = finished ? "Finished" : clock.current.is_break ? "Break" : "Level " + clock.level;
    var time = document.getElementById("time");
    time.textContent = finished ? "Winner: " + (state.winner || "") : ClockFace.clockText(left);
    time.classList.toggle("winner", finished);
    document.getElementById("blinds").textContent = finished ? "" : ClockFace.blinds(clock.current);
    document.getElementById("left").textContent = state.players_left + " of " + state.entries;
    document.getElementById("pool").textContent = state.pool;
  }, load);
  load();
})();
