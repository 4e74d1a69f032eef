// The program builder (templates/bingo/office/program_builder.html): games added, moved and removed in
// place, each kind's own settings shown for that kind, the 101-4.14 pattern previewed or drawn, and the
// 101-4.17 and 4.6 limits totalled as the prizes are typed. The server checks them again on save
// (bingo/services/programs.py create_program); nothing here decides a rule.
(function () {
  var form = document.getElementById("builder");
  if (!form) return;
  var list = document.getElementById("games");
  var template = document.getElementById("game-template");
  var patterns = {};
  JSON.parse(form.dataset.patterns).forEach(function (p) { patterns[p.kind] = p; });
  var maxGames = Number(form.dataset.maxGames);
  var maxGame = Number(form.dataset.maxGame);
  var maxOccasion = Number(form.dataset.maxOccasion);

  // "12.50", "$12.50" or "12" in cents; null for anything else (the server names the problem on save).
  function cents(text) {
    var m = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text || "");
    if (!m) return null;
    return Number(m[1]) * 100 + Number(((m[2] || "") + "00").slice(0, 2));
  }

  function dollars(value) {
    var whole = String(Math.floor(value / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return "$" + whole + "." + String(value % 100).padStart(2, "0");
  }

  function rows() { return Array.prototype.slice.call(list.querySelectorAll("[data-game]")); }

  function worstCase(row) {
    var amounts = [];
    row.querySelectorAll("[data-money]").forEach(function (input) {
      if (/\.face_price$/.test(input.name)) return;
      var value = cents(input.value);
      if (value !== null) amounts.push(value);
    });
    return amounts.length ? Math.max.apply(null, amounts) : 0;
  }

  function total() {
    var sum = 0;
    rows().forEach(function (row) {
      var worst = worstCase(row);
      sum += worst;
      var note = row.querySelector("[data-could-pay]");
      var over = worst > maxGame;
      note.textContent = worst ? "Could pay " + dollars(worst) + (over ? ": over " + dollars(maxGame) + " (101-4.6)" : "") : "";
      note.classList.toggle("over", over);
    });
    var count = rows().length;
    document.getElementById("games-count").textContent = String(count);
    document.getElementById("games-count").parentNode.classList.toggle("over", count > maxGames);
    var shown = document.getElementById("prize-total");
    shown.textContent = dollars(sum);
    shown.parentNode.classList.toggle("over", sum > maxOccasion);
  }

  function showKind(row) {
    var kind = row.querySelector("[data-kind]").value;
    row.querySelectorAll(".kind-only").forEach(function (block) {
      block.hidden = block.dataset.kinds.split(" ").indexOf(kind) < 0;
    });
  }

  function showPattern(row) {
    var chosen = row.querySelector("[data-pattern]").value;
    var pattern = patterns[chosen];
    row.querySelector("[data-custom]").hidden = Boolean(pattern);
    var preview = row.querySelector("[data-preview]");
    preview.hidden = !pattern;
    if (!pattern) return;
    var squares = preview.querySelectorAll(".sq");
    pattern.grid.forEach(function (line, r) {
      line.forEach(function (on, c) { squares[r * 5 + c].classList.toggle("on", on); });
    });
    preview.querySelector("[data-ways]").textContent =
      pattern.ways > 1 ? "Any one of " + pattern.ways + " placements, such as this one." : "Exactly this.";
    preview.querySelector("[data-rule]").textContent = pattern.rule;
  }

  // Rows are numbered as the program will number its games: names games.N.field, ids gN-field.
  function renumber() {
    rows().forEach(function (row, i) {
      var n = String(i + 1);
      row.querySelector(".game-number").textContent = n;
      row.querySelectorAll("[name], [id], [for], [aria-describedby], [aria-label]").forEach(function (el) {
        if (el.name) el.name = el.name.replace(/^games\.(\d+|__N__)\./, "games." + n + ".");
        ["id", "for", "aria-describedby"].forEach(function (attr) {
          var value = el.getAttribute(attr);
          if (value) el.setAttribute(attr, value.replace(/^g(\d+|__N__)-/, "g" + n + "-"));
        });
        var label = el.getAttribute("aria-label");
        if (label) el.setAttribute("aria-label", label.replace(/^Game (\d+|__N__):/, "Game " + n + ":"));
      });
      row.querySelector("[data-move-up]").disabled = i === 0;
    });
    total();
  }

  function wire(row) {
    row.querySelectorAll("[data-move-up], [data-remove]").forEach(function (button) { button.hidden = false; });
    showKind(row);
    showPattern(row);
  }

  list.addEventListener("change", function (event) {
    var row = event.target.closest("[data-game]");
    if (!row) return;
    if (event.target.matches("[data-kind]")) showKind(row);
    if (event.target.matches("[data-pattern]")) showPattern(row);
    total();
  });
  list.addEventListener("input", total);
  list.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    var row = button.closest("[data-game]");
    if (button.matches("[data-remove]")) {
      var next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      renumber();
      if (next) next.querySelector("select").focus();
      else document.getElementById("add-game").focus();
    } else if (button.matches("[data-move-up]") && row.previousElementSibling) {
      list.insertBefore(row, row.previousElementSibling);
      renumber();
      button.focus();
    }
  });

  // Enter in a field moves on to the next one (a numpad's Enter), so it neither saves half a program nor
  // adds a game; Save is a button to tap or to reach with Tab.
  form.addEventListener("keydown", function (event) {
    var field = event.target;
    if (event.key !== "Enter" || !field.matches("input:not([type=checkbox]), select")) return;
    event.preventDefault();
    var fields = Array.prototype.filter.call(form.querySelectorAll("input, select, button, summary"), function (el) {
      return !el.disabled && el.type !== "hidden" && el.offsetParent !== null;
    });
    var next = fields[fields.indexOf(field) + 1];
    if (next) next.focus();
  });

  document.getElementById("add-game").addEventListener("click", function (event) {
    event.preventDefault();
    var row = template.content.firstElementChild.cloneNode(true);
    list.appendChild(row);
    wire(row);
    renumber();
    row.querySelector("[data-kind]").focus();
    row.scrollIntoView({block: "start"});
  });

  rows().forEach(wire);
  renumber();
})();
