// The till on a station screen (the cashier's point of sale, the poker desk): open it with a bank, the
// member in charge's paid-ins from the prize bank and drops to the safe, and the close with a count by
// denomination. Money stays in integer cents and travels as "12.50" strings (Money, shared with pos.js).
var Money = (function () {
  function plain(cents) {
    var sign = cents < 0 ? "-" : "";
    var abs = Math.abs(cents), rest = String(abs % 100);
    return sign + Math.floor(abs / 100) + "." + (rest.length < 2 ? "0" + rest : rest);
  }
  function dollars(cents) {
    return (cents < 0 ? "-$" : "$") + plain(Math.abs(cents)).replace(/\B(?=(\d{3})+\.)/g, ",");
  }
  function cents(text) {
    var match = /^\s*(-?)\$?(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text || "");
    if (!match) return null;
    var value = parseInt(match[2], 10) * 100 + (match[3] ? parseInt((match[3] + "0").slice(0, 2), 10) : 0);
    return match[1] ? -value : value;
  }
  return {plain: plain, dollars: dollars, cents: cents};
})();

var Till = (function () {
  var root = document.querySelector("[data-till-close]");
  if (!root) return {refresh: function () {}};
  var $ = function (id) { return document.getElementById(id); };
  var at = function (template) { return template.replace(/\/0(\/|$)/, "/" + root.dataset.till + "$1"); };

  var open = $("till-open");
  if (open) open.addEventListener("submit", function (event) {
    event.preventDefault();
    var bank = Money.cents($("bank").value);
    Station.send("POST", root.dataset.tills, {opening_bank: Money.plain(bank === null || bank < 0 ? -1 : bank)})
      .then(function () { window.location.reload(); }, function () { return null; });
  });

  // A pay-in or a drop moves cash for good: two taps (TwoStep) that name the amount, then the drawer.
  var move = $("till-move");
  if (move) {
    move.addEventListener("submit", function (event) { event.preventDefault(); });
    move.querySelectorAll("button[data-kind]").forEach(function (button) {
      var what = button.dataset.kind === "drop" ? "Tap again to drop " : "Tap again to pay in ";
      TwoStep.bind(button, function () {
        var amount = Money.cents($("move-amount").value);
        Station.send("POST", at(root.dataset.tillMove), {kind: button.dataset.kind, amount: Money.plain(amount === null ? -1 : amount)})
          .then(function (till) {
            $("in-drawer").textContent = Money.dollars(Money.cents(till.in_drawer));
            $("move-amount").value = "";
            Station.tell((button.dataset.kind === "drop" ? "Dropped " : "Paid in ") + Money.dollars(amount) + ".");
          }, function () { return null; });
      }, function () {
        var amount = Money.cents($("move-amount").value);
        return what + (amount ? Money.dollars(amount) : "");
      });
    });
  }

  // The count: a field shows its whole value when tapped (typing replaces the 0), and the total follows.
  function counted() {
    var sum = 0;
    document.querySelectorAll("input.count").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) sum += n * Money.cents(input.dataset.denomination);
    });
    var shown = $("counted");
    if (shown) shown.textContent = Money.dollars(sum);
  }
  document.querySelectorAll("input.count").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
    input.addEventListener("input", counted);
  });

  var closer = $("till-close-open");
  if (closer) closer.addEventListener("click", function () {
    $("till-close").hidden = false;
    var first = document.querySelector("input.count");
    if (first) first.focus();
  });
  var cancel = $("till-close-cancel"), closed = false;
  if (cancel) cancel.addEventListener("click", function () {
    if (closed) window.location.reload(); else $("till-close").hidden = true;
  });
  // The till is closed and saved whatever the printer did: say where its end-of-shift report is.
  function shiftPaper(job) {
    if (!job || job.status === "printed") return " The end-of-shift report printed.";
    if (job.status === "unconfirmed") return " The printer did not confirm the end-of-shift report: check the paper (To print).";
    return " The end-of-shift report did not print" + (job.last_error ? " (" + job.last_error + ")" : "") + ": it waits in To print.";
  }
  $("count-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var counts = {};
    document.querySelectorAll("input.count").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n) counts[input.dataset.denomination] = n;
    });
    var submit = $("count-form").querySelector("button[type=submit]");
    submit.disabled = true;
    Station.send("POST", at(root.dataset.tillClose), {counts: counts}, "till-close-" + root.dataset.till).then(function (till) {
      var diff = Money.cents(till.over_short);
      $("till-result").textContent = "Counted " + Money.dollars(Money.cents(till.counted)) + ", expected " +
        Money.dollars(Money.cents(till.expected)) + ": " +
        (diff < 0 ? "short " + Money.dollars(-diff) : diff > 0 ? "over " + Money.dollars(diff) : "balanced, nothing over or short") +
        ". The till is closed." + shiftPaper(till.print_jobs[0]);
      // Closed for good: the count can no longer be sent, and Done shows the station with no till open.
      closed = true;
      submit.hidden = true;
      document.querySelectorAll("input.count").forEach(function (input) { input.disabled = true; });
      cancel.textContent = "Done";
      root.dispatchEvent(new CustomEvent("till:closed"));
    }, function () { submit.disabled = false; });
  });

  // After a sale, a buy or a prize: what the drawer now holds.
  function refresh() {
    var shown = $("in-drawer");
    if (!shown || !root.dataset.till) return;
    Station.get(at(root.dataset.tillGet)).then(function (till) {
      if (till && till.in_drawer) shown.textContent = Money.dollars(Money.cents(till.in_drawer));
    });
  }
  return {refresh: refresh};
})();
