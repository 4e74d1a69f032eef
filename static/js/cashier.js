// The cashier's screen around the cart (pos.js): the tabs Sell | Prizes | Sales | Receipts; the prizes to pay
// (101-4.10) with a two-step Pay named by the share, so a double tap pays once; the till's sales with a void
// the member in charge approves with their PIN (101-4.1); every receipt of the shift to reprint; the
// receipts that did not print; the printer; the session report. Messages go to the fixed bar.
(function () {
  var root = document.querySelector(".pos");
  if (!root) return;
  var $ = function (id) { return document.getElementById(id); };
  var el = Station.element;
  var money = function (text) { return Money.dollars(Money.cents(text)); };
  var at = function (template, id) { return template.replace(/\/0(\/|$)/, "/" + id + "$1"); };

  var tell = Station.tell;
  var printed = PrintQueue.printed, unconfirmed = PrintQueue.unconfirmed, paperState = PrintQueue.state;

  function button(text, className, onClick) {
    var b = el("button", "btn " + (className || ""), text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function row(className, title, detail) {
    var item = el("li", "row " + (className || ""));
    var what = el("div", "row-what");
    what.appendChild(el("strong", null, title));
    if (detail) what.appendChild(el("span", "muted", detail));
    item.appendChild(what);
    return item;
  }
  function empty(list, text) { list.appendChild(el("li", "row muted", text)); }

  // The tabs: one view at a time, so nothing is buried under the cart.
  var tabs = Array.prototype.slice.call(document.querySelectorAll(".cashier-tabs [role=tab]"));
  var current = "sell";
  function show(tab) {
    tabs.forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    });
    current = tab.id.replace("tab-", "");
    root.dataset.view = current;
    refreshView();
  }
  tabs.forEach(function (tab, index) {
    tab.tabIndex = index ? -1 : 0;
    tab.addEventListener("click", function () { show(tab); });
    tab.addEventListener("keydown", function (event) {
      var step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      var next = tabs[(index + step + tabs.length) % tabs.length];
      next.focus();
      show(next);
    });
  });
  function refreshView() {
    if (current === "prizes") refreshPrizes();
    else if (current === "sales") refreshSales();
    else if (current === "receipts") refreshReceipts();
  }
  function refreshAll() { refreshPrizes(); refreshQueue(); refreshView(); Till.refresh(); }

  // Prizes to pay: every verified share not yet paid; Pay arms (TwoStep, keyed by the share, so a
  // refreshed list keeps it armed), a second tap within 5 s pays.
  var prizes = [];
  function describe(p) {
    var kind = p.prize === "cookie_jar" ? "Cookie jar" : p.ticket_code ? "U Pick Em" : "Game prize";
    return kind + (p.shares > 1 ? ", split " + p.shares + " ways" : "");
  }
  function renderPrizes() {
    var list = $("prizes");
    var held = list.contains(document.activeElement) ? document.activeElement.dataset.twostep : null;
    list.textContent = "";
    var wanted = $("prize-face").value.trim().toUpperCase();
    var shown = prizes.filter(function (p) {
      return !wanted || String(p.face_number) === wanted || (p.ticket_code || "").toUpperCase() === wanted;
    });
    shown.forEach(function (p) {
      var who = p.ticket_code ? "ticket " + p.ticket_code : "face " + p.face_number + (p.player ? " (" + p.player + ")" : "");
      var item = row("prize-row", "Game " + p.game_number + " · " + who, describe(p));
      item.dataset.share = p.share_key;
      if (p.w2g_required) item.querySelector(".row-what").appendChild(el("span", "tag tag-warn w2g", "W-2G due: take the winner's ID"));
      item.appendChild(el("strong", "row-amount", money(p.amount)));
      var pay = button("Pay " + money(p.amount), "btn-primary pay", function () {
        if (TwoStep.tap(pay)) payShare(p, pay);
      });
      pay.dataset.twostep = "pay-" + p.share_key;
      pay.dataset.confirm = "Tap again to pay " + money(p.amount);
      TwoStep.mark(pay);
      item.appendChild(pay);
      list.appendChild(item);
    });
    if (!shown.length) empty(list, wanted ? "No unpaid prize for " + wanted + "." : "No prize is waiting to be paid.");
    // A list refreshed under the cashier's finger (a board event, the 30 s look) keeps Pay focused, so the
    // numpad's Enter after a scan still pays.
    var again = held && list.querySelector('button[data-twostep="' + CSS.escape(held) + '"]');
    if (again) again.focus();
    var count = $("prizes-count");
    count.hidden = !prizes.length;
    count.textContent = String(prizes.length);
  }
  function refreshPrizes() {
    return Station.get(root.dataset.prizes).then(function (rows) {
      if (!Array.isArray(rows)) return;
      prizes = rows;
      renderPrizes();
    });
  }
  // A prize the W-2G reports (IRS Form W-2G) is paid only with the winner's name, address and the ID seen:
  // Pay opens the dialog, its Pay sends them (the dialog is the second step).
  var owed = null;
  function payShare(p, pay) {
    if (p.w2g_required) { askW2G(p, pay); return; }
    sendPay(p, pay, {}).catch(function () { return null; });
  }
  function askW2G(p, pay) {
    owed = {prize: p, button: pay};
    $("w2g-prize").textContent = "Game " + p.game_number + " · " + describe(p) + " · " + money(p.amount) +
      ": these print on the slip the winner signs.";
    ["w2g-name", "w2g-address", "w2g-id"].forEach(function (id) { $(id).value = ""; });
    $("w2g").hidden = false;
    $("w2g-name").focus();
  }
  $("w2g-cancel").addEventListener("click", function () { $("w2g").hidden = true; owed = null; });
  $("w2g-form").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!owed) return;
    var details = {winner_name: $("w2g-name").value.trim(), winner_address: $("w2g-address").value.trim(), winner_id: $("w2g-id").value.trim()};
    var p = owed.prize;
    $("w2g-pay").disabled = true;
    sendPay(p, owed.button, details).then(function () {
      $("w2g-pay").disabled = false;
      $("w2g").hidden = true;
      owed = null;
    }, function () { $("w2g-pay").disabled = false; });
  });
  function sendPay(p, pay, details) {
    pay.disabled = true;
    var body = Object.assign({game_number: p.game_number, prize: p.prize}, details);
    if (p.ticket_code) body.ticket_code = p.ticket_code; else body.claim_id = p.claim_id;
    return Station.send("POST", root.dataset.pay, body, "pay-" + p.share_key).then(function (paid) {
      tell("Paid " + paid.winner + " " + money(paid.amount) + " (" + paid.transaction_code + ")" +
           (paid.w2g_required ? ": a W-2G is due, take the winner's ID" : "") +
           (printed(paid.print_jobs[0]) ? "; slip printed." : unconfirmed(paid.print_jobs[0]) ? "; check the slip on the paper: see To print." : "; the slip did not print: see To print."));
      refreshAll();
    }, function (error) { pay.disabled = false; refreshPrizes(); throw error; });
  }
  $("prize-find").addEventListener("submit", function (event) {
    event.preventDefault();
    renderPrizes();
    var pays = $("prizes").querySelectorAll("button.pay");
    if (pays.length) pays[0].focus();
  });
  $("prize-face").addEventListener("input", function () { if (!$("prize-face").value) renderPrizes(); });
  $("prize-find-clear").addEventListener("click", function () { $("prize-face").value = ""; renderPrizes(); $("prize-face").focus(); });

  // The till's sales, newest first; a completed sale has Void, a voided one says why and who approved.
  function lines(sale) {
    if (sale.kind === "payout") return "Prize paid: " + sale.winner + ", game " + sale.game_number + (sale.prize === "cookie_jar" ? " cookie jar" : "");
    return sale.lines.map(function (l) {
      var extra = l.pack_serials.length ? " (pack " + l.pack_serials.join(", ") + ")" : l.tickets.length ? " (" + l.tickets.join(", ") + ")" : "";
      return l.description + " ×" + l.quantity + extra;
    }).join("; ");
  }
  function refreshSales() {
    var list = $("sales");
    if (!root.dataset.till) { list.textContent = ""; empty(list, "Open the till: its sales show here."); return; }
    Station.get(at(root.dataset.tillSales, root.dataset.till)).then(function (rows) {
      if (!Array.isArray(rows)) return;
      list.textContent = "";
      rows.forEach(function (sale) {
        var voided = sale.status === "voided";
        var item = row("sale-row" + (voided ? " is-voided" : ""), sale.transaction_code + " · " + sale.at, lines(sale));
        item.dataset.sale = sale.id;
        if (voided) item.querySelector(".row-what").appendChild(el("span", "tag tag-bad", "Voided: " + sale.void_reason + " (approved by " + sale.approved_by + ")"));
        item.appendChild(el("strong", "row-amount", (sale.kind === "payout" ? "−" : "") + money(sale.total)));
        if (sale.voidable) item.appendChild(button("Void", "void", function () { openVoid(sale); }));
        list.appendChild(item);
      });
      if (!rows.length) empty(list, "No sale on this till yet.");
    });
  }

  var voiding = null;
  function openVoid(sale) {
    voiding = sale;
    $("void-title").textContent = "Void " + sale.transaction_code + " · " + money(sale.total);
    $("void-reason").value = "";
    $("void-pin").value = "";
    $("void").hidden = false;
    $("void-reason").focus();
  }
  document.querySelectorAll("#void .approver").forEach(function (choice) {
    choice.addEventListener("click", function () {
      $("void-approver").value = choice.dataset.username;
      $("void-pin").focus();
    });
  });
  $("void-cancel").addEventListener("click", function () { $("void").hidden = true; });
  $("void-form").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!voiding) return;
    var sale = voiding;
    var body = {reason: $("void-reason").value, approver_username: $("void-approver").value.trim(), approver_pin: $("void-pin").value};
    $("void-confirm").disabled = true;
    Station.send("POST", at(root.dataset.void, sale.id), body, "void-sale-" + sale.id).then(function (done) {
      $("void-confirm").disabled = false;
      $("void").hidden = true;
      voiding = null;
      tell("Voided " + done.transaction_code + ": give back " + money(done.total) +
           (printed(done.print_jobs[0]) ? "; the notice printed." : "; the notice waits in To print."));
      refreshAll();
    }, function () {
      $("void-confirm").disabled = false;
      $("void-pin").value = "";
      $("void-pin").focus();
    });
  });

  // Every receipt of the shift, each with Reprint (and It printed where the paper must be checked): the rows and
  // the station's To print list are printqueue.js's.
  var urls = {reprint: root.dataset.reprint, confirm: root.dataset.confirm, station: root.dataset.station};
  function jobRow(job, className) {
    return PrintQueue.row(job, className, urls, function () { PrintQueue.changed(); refreshPrinter(); });
  }
  function refreshReceipts() {
    var list = $("receipts");
    if (!root.dataset.till) { list.textContent = ""; empty(list, "Open the till: the receipts of its shift show here."); return; }
    Station.get(at(root.dataset.tillJobs, root.dataset.till)).then(function (jobs) {
      if (!Array.isArray(jobs)) return;
      list.textContent = "";
      jobs.forEach(function (job) { list.appendChild(jobRow(job, "receipt-row")); });
      if (!jobs.length) empty(list, "Nothing has printed on this shift yet.");
    });
  }
  function refreshQueue() { PrintQueue.changed(); }


  // The printer: polled while one is set up for this station; a station without one says so and stops.
  var poll = null;
  var NO_PRINTER = "No receipt printer is set up for this station.";
  function refreshPrinter() {
    if (!root.dataset.printer) return;
    Station.get(root.dataset.printer).then(function (status) {
      var box = $("printer");
      if (status.error === "unknown_printer") {
        root.dataset.printer = "";
        clearInterval(poll);
        box.className = "printer-status";
        box.textContent = NO_PRINTER;
        return;
      }
      var ok = status.online && status.paper === "ok";
      box.className = "printer-status " + (ok ? "ok" : "bad");
      box.textContent = !status.reachable ? "Offline: " + (status.detail || "no answer") :
        !status.online ? "Not ready: " + (status.detail || "check the cover") :
        status.paper === "ok" ? "Online, paper OK" : "Paper " + status.paper.replace("_", " ");
    });
  }

  var report = $("session-report");
  if (report) report.addEventListener("click", function () {
    report.disabled = true;
    Station.send("POST", root.dataset.sessionReport, {}).then(function (job) {
      report.disabled = false;
      tell(printed(job) ? "Session report printed." : "The session report waits in To print: " + paperState(job) + ".");
      refreshQueue();
      refreshView();
    }, function () { report.disabled = false; });
  });

  // A closed game brings its winners: follow the board, and look again now and then in any case.
  var waiting = false;
  function soon() {
    if (waiting) return;
    waiting = true;
    setTimeout(function () { waiting = false; refreshPrizes(); }, 300);
  }
  if (root.dataset.events) {
    Station.get(root.dataset.state).then(function (board) {
      Live.follow(root.dataset.events, board.id || 0, soon, function (up) { if (up) soon(); });
    });
  }

  root.addEventListener("pos:sold", function () { refreshQueue(); refreshPrinter(); refreshView(); });
  root.addEventListener("till:closed", function () { refreshQueue(); refreshView(); });
  document.addEventListener("print:changed", refreshView);

  refreshPrizes();
  if (root.dataset.printer) { refreshPrinter(); poll = setInterval(refreshPrinter, 15000); }
  setInterval(refreshPrizes, 30000);
})();
