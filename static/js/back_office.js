// The bingo back office's pages (templates/bingo/office/): a form is sent once however often it is
// tapped; the scheduler's limits panel follows the date, premises and start time as they are typed;
// the product form shows the fields its kind needs. The server decides every rule.
(function () {
  document.querySelectorAll("form.office-form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.sent) { event.preventDefault(); return; }
      form.dataset.sent = "1";
      window.setTimeout(function () { delete form.dataset.sent; }, 4000);
    });
  });

  var panel = document.getElementById("outlook-panel");
  var schedule = document.getElementById("schedule");
  if (panel && schedule) {
    var asked = 0;
    var refresh = function () {
      var query = new URLSearchParams();
      ["occasion_date", "start_time", "premises_id"].forEach(function (name) {
        var input = schedule.elements[name];
        if (input && input.value) query.set(name, input.value);
      });
      var mine = ++asked;
      fetch(panel.dataset.url + "?" + query.toString(), {headers: {"X-Flashboard-Background": "1"}})
        .then(function (reply) { return reply.ok ? reply.text() : null; })
        .then(function (html) {
          if (html === null || mine !== asked) return;
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("outlook");
          var shown = document.getElementById("outlook");
          if (fresh && shown) shown.replaceWith(document.importNode(fresh, true));
        });
    };
    ["occasion_date", "start_time", "premises_id"].forEach(function (name) {
      var input = schedule.elements[name];
      if (input) input.addEventListener("change", refresh);
    });
  }

  var product = document.getElementById("product");
  if (product) {
    var kind = product.elements.kind;
    var needsGame = JSON.parse(product.dataset.gameKinds);
    var show = function () {
      var wanted = needsGame[kind.value];
      product.querySelectorAll("[data-for-kinds]").forEach(function (block) {
        block.hidden = block.dataset.forKinds.split(" ").indexOf(kind.value) < 0;
      });
      var games = product.elements.game_number;
      Array.prototype.forEach.call(games.options, function (option) {
        option.hidden = Boolean(option.value) && option.dataset.kind !== wanted;
      });
      if (games.selectedOptions[0] && games.selectedOptions[0].hidden) games.value = "";
    };
    product.elements.game_number.addEventListener("change", function () {
      var chosen = product.elements.game_number.selectedOptions[0];
      if (kind.value === "upick_face" && chosen && chosen.dataset.facePrice) product.elements.price.value = chosen.dataset.facePrice;
    });
    kind.addEventListener("change", show);
    show();
  }

  var focus = new URLSearchParams(window.location.search).get("focus");
  var first = focus && document.getElementById(focus + "-serial_from");
  if (first) first.focus();
})();
