// Verifier tablet: a face number (keypad, numpad or a scanner ending with Enter) or a U Pick Em ticket id.
(function () {
  var root = document.querySelector(".verifier");
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var field = document.getElementById("face");
  var letters = ["B", "I", "N", "G", "O"];

  function show(valid, verdict, reason) {
    var box = document.getElementById("result");
    box.hidden = false;
    box.className = "panel result " + (valid ? "is-valid" : "is-invalid");
    document.getElementById("verdict").textContent = verdict;
    document.getElementById("reason").textContent = reason;
  }

  function drawGrid(grid) {
    var table = document.getElementById("grid");
    table.textContent = "";
    if (!grid) return;
    var head = table.insertRow();
    letters.forEach(function (l) { var th = document.createElement("th"); th.textContent = l; head.appendChild(th); });
    grid.forEach(function (row) {
      var tr = table.insertRow();
      row.forEach(function (square) {
        var td = tr.insertCell();
        td.textContent = square.number === null ? "FREE" : square.number;
        td.className = (square.covered ? "covered" : "") + (square.winning ? " winning" : "");
      });
    });
  }

  function key() { return "verify-" + Date.now() + "-" + Math.random().toString(36).slice(2, 10); }

  // A scan that lands before this script has loaded submits the form the plain way (?face=...):
  // it is checked here as soon as the page is ready, so no scan is lost.
  function check(raw) {
    var value = raw.trim();
    if (!value) return;
    if (/^UP-/i.test(value)) {
      fetch(root.dataset.ticket.replace("CODE", encodeURIComponent(value))).then(function (r) { return r.json(); }).then(function (t) {
        if (t.error) { show(false, "Not found", t.message); drawGrid(null); return; }
        var won = t.completed_on_call !== null;
        show(won, won ? "U Pick Em winner" : "Not a winner yet",
             "Numbers " + t.numbers.join(", ") + "; daubed " + (t.daubed.join(", ") || "none") + ".");
        drawGrid(null);
      });
    } else {
      fetch(root.dataset.claims, {
        method: "POST",
        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf, "Idempotency-Key": key()},
        body: JSON.stringify({face_number: parseInt(value, 10)})
      }).then(function (r) { return r.json(); }).then(function (claim) {
        if (claim.error) { show(false, "Invalid", claim.message + (claim.rule ? " (" + claim.rule + ")" : "")); drawGrid(null); return; }
        show(claim.valid, claim.valid ? "VALID: face " + claim.face_number : "INVALID: face " + claim.face_number,
             claim.reason + (claim.completed_by ? " Completed by " + claim.completed_by + "." : ""));
        drawGrid(claim.grid);
      });
    }
    field.value = "";
    field.focus();
  }

  document.getElementById("verify-form").addEventListener("submit", function (event) {
    event.preventDefault();
    check(field.value);
  });

  var early = new URLSearchParams(window.location.search).get("face");
  if (early) {
    window.history.replaceState(null, "", window.location.pathname);
    check(early);
  }
})();
