// The papers of this station that are not known to be on paper (Flashboard house rule, print jobs): a job
// that never reached the printer ("not printed") is printed with Reprint, as a first print; one the printer
// did not confirm ("check the paper") may be on the paper whole or in part, so the person looks first and
// taps It printed, or Reprint (marked REPRINT). Every screen that prints shows this list (a .print-queue
// section: the cashier, the poker desk, the papers pages), and the cashier's shift list uses its rows.
(function () {
  var el = Station.element;
  var at = function (template, id) { return template.replace(/\/0(\/|$)/, "/" + id + "$1"); };
  var KINDS = {sale: "Sale receipt", upick_ticket: "U Pick Em ticket", payout: "Prize slip", void: "Void notice",
               shift_report: "Shift report", session_report: "Session report", poker_buy: "Poker receipt",
               poker_prize: "Poker prize slip", poker_rules: "Printed rules", seat_card: "Seat card",
               program: "Program", house_rules: "House rules"};

  function printed(job) { return !job || job.status === "printed"; }
  function unconfirmed(job) { return !!job && job.status === "unconfirmed"; }
  function name(job) { return (KINDS[job.kind] || job.kind.replace(/_/g, " ")) + " " + job.reference; }
  function state(job) {
    if (printed(job)) return "printed";
    if (unconfirmed(job)) return "check the paper" + (job.last_error ? " (" + job.last_error.replace(/: check the paper$/, "") + ")" : "");
    return "not printed" + (job.last_error ? ": " + job.last_error : "");
  }
  // What a print answer means for the person at the screen, for the message bar.
  function outcome(job, what) {
    what = what || name(job);
    if (printed(job)) return what + (job.reprints ? " reprinted (REPRINT " + job.reprints + ")." : " printed.");
    if (unconfirmed(job)) return what + ": the printer did not confirm it. Check the paper, then It printed or Reprint (To print).";
    return what + " did not print: " + (job.last_error || "check the printer") + ". It waits in To print.";
  }

  function button(text, className, onClick) {
    var b = el("button", "btn btn-small " + className, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  // One job as a row with its buttons; `urls` holds the reprint and confirm routes, `station` the printer.
  function row(job, className, urls, changed) {
    var item = el("li", "row " + className + (printed(job) ? "" : " is-failed"));
    var what = el("div", "row-what");
    what.appendChild(el("strong", null, name(job)));
    what.appendChild(el("span", "muted", (job.at ? job.at + " · " : "") + state(job) +
      (job.reprints ? " · reprinted " + job.reprints + "×" + (job.reprinted_by ? " by " + job.reprinted_by : "") : "")));
    item.appendChild(what);
    if (unconfirmed(job)) {
      var sure = button("It printed", "confirm-printed", function () {
        sure.disabled = true;
        Station.send("POST", at(urls.confirm, job.id), {}).then(function (done) {
          Station.tell(name(done) + " marked printed.");
          changed();
        }, function () { sure.disabled = false; });
      });
      item.appendChild(sure);
    }
    var again = button("Reprint", "reprint", function () {
      again.disabled = true;
      Station.send("POST", at(urls.reprint, job.id), {station: urls.station}).then(function (done) {
        Station.tell(outcome(done));
        changed();
      }, function () { again.disabled = false; });
    });
    item.appendChild(again);
    return item;
  }

  // A .print-queue section: its list refreshed on a "print:changed" event on the document and every 30 s.
  function mount(section) {
    var list = section.querySelector(".queue"), count = section.querySelector(".queue-count");
    var urls = {reprint: section.dataset.reprint, confirm: section.dataset.confirm, station: section.dataset.station};
    function refresh() {
      Station.get(section.dataset.queue).then(function (jobs) {
        if (!Array.isArray(jobs)) return;
        list.textContent = "";
        jobs.forEach(function (job) { list.appendChild(row(job, "queue-job", urls, changed)); });
        if (!jobs.length) list.appendChild(el("li", "muted", "Every paper printed."));
        count.hidden = !jobs.length;
        count.textContent = String(jobs.length);
      });
    }
    function changed() { document.dispatchEvent(new CustomEvent("print:changed")); }
    document.addEventListener("print:changed", refresh);
    refresh();
    setInterval(refresh, 30000);
  }

  window.PrintQueue = {row: row, outcome: outcome, printed: printed, unconfirmed: unconfirmed, state: state,
                       changed: function () { document.dispatchEvent(new CustomEvent("print:changed")); }};
  document.querySelectorAll(".print-queue").forEach(mount);
})();
