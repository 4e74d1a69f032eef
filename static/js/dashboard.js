// The member in charge's dashboard: redrawn from the server when the board changes (a call, a close,
// a claim) and every minute (the six-hour clock), with each station's printer checked.
(function () {
  var root = document.getElementById("dashboard");
  if (!root) return;
  var parts = [".alerts", ".limits", ".jar", ".voids"];

  function showNone() {
    var visible = Array.prototype.some.call(document.querySelectorAll("#alerts .alert:not(.alert-none)"),
                                            function (item) { return !item.hidden; });
    document.getElementById("no-alerts").hidden = visible;
  }

  function checkPrinters() {
    document.querySelectorAll("#alerts [data-station]").forEach(function (item) {
      var station = item.dataset.station;
      Station.get(root.dataset.printer.replace("STATION", encodeURIComponent(station))).then(function (status) {
        var good = status.reachable && status.online && status.paper === "ok";
        item.hidden = good;
        item.className = "alert " + (status.reachable && status.online ? "alert-approaching" : "alert-reached");
        item.textContent = "Printer at " + station + ": " + (status.detail || status.paper.replace("_", " ")) + ".";
        showNone();
      });
    });
  }

  function redraw() {
    fetch(window.location.href, {headers: {"Accept": "text/html", "X-Flashboard-Background": "1"}}).then(function (reply) { return reply.text(); }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      parts.forEach(function (selector) {
        var now = root.querySelector(selector), next = fresh.querySelector("#dashboard " + selector);
        if (now && next) now.replaceChildren.apply(now, Array.from(next.childNodes).map(function (n) { return document.importNode(n, true); }));
      });
      checkPrinters();
      showNone();
    });
  }

  if (root.dataset.events) {
    var waiting = false;
    var soon = function () {
      if (waiting) return;
      waiting = true;
      setTimeout(function () { waiting = false; redraw(); }, 200);
    };
    Station.get(root.dataset.state).then(function (board) { Live.follow(root.dataset.events, board.id, soon, function () { return null; }); });
  }
  // Closing the night cannot be undone: two taps (TwoStep), then the page shows the closed occasion; a
  // refusal (a prize unpaid, a till open) is said in the message bar with its rule.
  var close = document.getElementById("close-occasion");
  if (close) TwoStep.bind(close, function () {
    close.disabled = true;
    Station.send("POST", close.dataset.url, undefined, close.dataset.key).then(function () {
      window.location.reload();
    }, function () { close.disabled = false; });
  });
  // A drawing for a merchandise game's qualifiers (101-4.11) cannot be drawn again: two taps, then the
  // page shows the winner; a refusal (the $3,000, a value out of range) is said in the message bar.
  document.querySelectorAll(".drawing-form").forEach(function (form) {
    var button = form.querySelector("button");
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    TwoStep.bind(button, function () {
      if (!form.reportValidity()) return;
      var body = {
        prize: form.elements.prize.value.trim(),
        value: form.elements.value.value.trim(),
        merchandise: form.elements.merchandise.value === "1"
      };
      button.disabled = true;
      Station.send("POST", form.dataset.url, body, form.dataset.key).then(function () {
        window.location.reload();
      }, function () { button.disabled = false; });
    });
  });
  checkPrinters();
  setInterval(redraw, 60000);
})();
