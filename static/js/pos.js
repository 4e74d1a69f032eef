// The cashier's point of sale: the cart, the U Pick Em picker, scanned packs, tender and change. Money
// stays in integer cents here and travels as "12.50" strings. After a sale it tells the rest of the
// screen (cashier.js: receipts, sales, printer) with a "pos:sold" event.
(function () {
  var root = document.querySelector(".pos");
  var $ = function (id) { return document.getElementById(id); };
  var el = Station.element;
  var letters = ["B", "I", "N", "G", "O"];
  var cart = [], cartKey = Station.fresh("sale"), picker = null, packFor = null, tender = "cash";

  var plain = Money.plain, dollars = Money.dollars, cents = Money.cents;
  function total() { return cart.reduce(function (sum, line) { return sum + line.quantity * line.unit; }, 0); }

  function renderCart() {
    var body = $("cart");
    body.textContent = "";
    cart.forEach(function (line, index) {
      var row = body.insertRow();
      var name = row.insertCell();
      name.textContent = line.name;
      if (line.picks) name.appendChild(el("small", "picks", line.picks.length ? line.picks.join(" ") : "quick pick"));
      if (line.serials) name.appendChild(el("small", "picks", "pack " + line.serials.join(", ")));
      var qty = row.insertCell();
      qty.className = "qty";
      if (!line.picks && !line.serials) {
        var less = el("button", "btn btn-small", "−");
        less.type = "button";
        less.setAttribute("aria-label", "One fewer " + line.name);
        less.addEventListener("click", function () { line.quantity -= 1; if (!line.quantity) cart.splice(index, 1); changed(); });
        qty.appendChild(less);
      }
      qty.appendChild(el("span", "n", String(line.quantity)));
      if (!line.picks && !line.serials) {
        var more = el("button", "btn btn-small", "+");
        more.type = "button";
        more.setAttribute("aria-label", "One more " + line.name);
        more.addEventListener("click", function () { line.quantity += 1; changed(); });
        qty.appendChild(more);
      }
      row.insertCell().textContent = dollars(line.quantity * line.unit);
      var drop = el("button", "btn btn-small btn-quiet", "✕");
      drop.type = "button";
      drop.setAttribute("aria-label", "Remove " + line.name);
      drop.addEventListener("click", function () { cart.splice(index, 1); changed(); });
      row.insertCell().appendChild(drop);
    });
    if (!cart.length) body.insertRow().insertCell().textContent = "Tap a product to start a sale.";
    $("total").textContent = dollars(total());
    var given = cents($("tendered").value);
    $("change").textContent = given === null ? "$0.00" : dollars(given - total());
    $("sell").disabled = !cart.length || !root.dataset.till;
    if (tender !== "cash") $("tendered").value = plain(total());
  }

  document.querySelectorAll(".tender-kind").forEach(function (button) {
    button.addEventListener("click", function () {
      tender = button.dataset.tender;
      document.querySelectorAll(".tender-kind").forEach(function (b) { b.setAttribute("aria-checked", String(b === button)); });
      $("tendered").readOnly = tender !== "cash";
      $("tendered-label").textContent = tender === "cash" ? "Cash tendered" : button.textContent + ": the exact total";
      renderCart();
    });
  });

  function changed() {
    cartKey = Station.fresh("sale");
    renderCart();
  }

  function add(button, extra) {
    if (!cart.length) $("last-sale").hidden = true;
    var line = {id: parseInt(button.dataset.id, 10), name: button.dataset.name, unit: parseInt(button.dataset.cents, 10), quantity: 1};
    if (extra) {
      Object.keys(extra).forEach(function (k) { line[k] = extra[k]; });
      cart.push(line);
    } else {
      var same = cart.find(function (l) { return l.id === line.id && !l.picks && !l.serials; });
      if (same) same.quantity += 1; else cart.push(line);
    }
    changed();
    var lines = root.querySelector(".cart-scroll");
    if (lines) lines.scrollTop = lines.scrollHeight;
  }

  // U Pick Em: five at most per letter and exactly the game's count (101-4.30).
  function openPicker(button) {
    picker = {button: button, need: parseInt(button.dataset.picks, 10), chosen: {}};
    $("picker-need").textContent = picker.need;
    renderPicker();
    $("picker").hidden = false;
    $("picker-quick").focus();
  }
  function chosenList() { return Object.keys(picker.chosen).map(Number).sort(function (a, b) { return a - b; }); }
  function renderPicker() {
    var list = chosenList();
    var perColumn = [0, 0, 0, 0, 0];
    list.forEach(function (n) { perColumn[Math.floor((n - 1) / 15)] += 1; });
    for (var n = 1; n <= 75; n++) {
      var button = $("pick" + n);
      var on = !!picker.chosen[n];
      button.classList.toggle("hit", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.disabled = !on && (list.length >= picker.need || perColumn[Math.floor((n - 1) / 15)] >= 5);
    }
    $("picker-count").textContent = list.length + " of " + picker.need + " chosen";
    $("picker-add").disabled = list.length !== picker.need;
  }
  (function buildPicker() {
    var box = $("picker-grid");
    for (var c = 0; c < 5; c++) {
      box.appendChild(el("span", "letter", letters[c]));
      for (var n = c * 15 + 1; n <= c * 15 + 15; n++) {
        var button = el("button", "ball", String(n));
        button.type = "button";
        button.id = "pick" + n;
        button.dataset.ball = n;
        box.appendChild(button);
      }
    }
    box.addEventListener("click", function (event) {
      var button = event.target.closest("button.ball");
      if (!button || button.disabled || !picker) return;
      var n = parseInt(button.dataset.ball, 10);
      if (picker.chosen[n]) delete picker.chosen[n]; else picker.chosen[n] = true;
      renderPicker();
    });
  })();
  $("picker-add").addEventListener("click", function () {
    add(picker.button, {picks: chosenList()});
    $("picker").hidden = true;
  });
  $("picker-quick").addEventListener("click", function () {
    add(picker.button, {picks: []});
    $("picker").hidden = true;
  });
  $("picker-cancel").addEventListener("click", function () { $("picker").hidden = true; });

  // Packs from a received paper set: the serial is scanned (the scanner types it and presses Enter). Only
  // a pack issued to this station and not yet sold can be sold here (the server checks it again).
  function issued(button) {
    return (button.dataset.issued || "").split(" ").filter(Boolean).map(function (s) { return parseInt(s, 10); });
  }
  // "1001-1058, 1060": the unsold packs at this station, as runs of serials.
  function runs(serials) {
    var out = [];
    serials.forEach(function (n, i) {
      if (i && n === serials[i - 1] + 1) out[out.length - 1][1] = n; else out.push([n, n]);
    });
    return out.map(function (r) { return r[0] === r[1] ? String(r[0]) : r[0] + "-" + r[1]; }).join(", ");
  }
  function addPack(button, serial) {
    if (issued(button).indexOf(serial) < 0) {
      Station.say("Pack " + serial + " is not one of this station's unsold packs (" + (runs(issued(button)) || "none is issued here") + ").");
      return;
    }
    var line = cart.find(function (l) { return l.serials && l.id === parseInt(button.dataset.id, 10); });
    if (line) {
      if (line.serials.indexOf(serial) < 0) { line.serials.push(serial); line.quantity = line.serials.length; }
      changed();
    } else add(button, {serials: [serial]});
  }
  $("pack-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var serial = parseInt($("pack-serial").value, 10);
    if (!serial) return;
    addPack(packFor, serial);
    $("pack-serial").value = "";
    $("pack-scan").hidden = true;
  });

  // A pack scanned with no field focused (the scanner types the serial and presses Enter) goes into
  // the sale as the pack product whose paper holds that serial; the server checks it was issued here.
  Station.typed(function () { return $("view-sell") && !$("view-sell").hidden; }, function (digits) {
    var serial = parseInt(digits, 10);
    var holder = Array.prototype.find.call(document.querySelectorAll('.pos-item[data-pack="yes"]'), function (b) {
      return issued(b).indexOf(serial) >= 0;
    });
    if (holder) addPack(holder, serial);
    else Station.say("Pack " + serial + " is not one of this station's unsold packs: check the serial.");
  });
  $("pack-cancel").addEventListener("click", function () { $("pack-scan").hidden = true; });

  document.querySelectorAll(".pos-item").forEach(function (button) {
    button.addEventListener("click", function () {
      if (button.dataset.kind === "upick_face") openPicker(button);
      else if (button.dataset.pack === "yes") {
        packFor = button;
        $("pack-issued").textContent = "Unsold packs at this station: " + (runs(issued(button)) || "none: the member in charge issues them") + ".";
        $("pack-scan").hidden = false;
        $("pack-serial").focus();
      }
      else add(button);
    });
  });

  $("tendered").addEventListener("input", renderCart);
  document.querySelectorAll("[data-cash]").forEach(function (button) {
    button.addEventListener("click", function () {
      var value = button.dataset.cash === "exact" ? total() : parseInt(button.dataset.cash, 10);
      $("tendered").value = plain(value);
      renderCart();
      $("tendered").focus();
    });
  });
  $("clear").addEventListener("click", function () { cart = []; $("tendered").value = ""; changed(); });

  function lastSale(sale) {
    var box = $("last-sale");
    box.hidden = false;
    box.textContent = "";
    box.appendChild(el("strong", null, sale.transaction_code + " · change " + dollars(cents(sale.change))));
    sale.tickets.forEach(function (t) { box.appendChild(el("span", null, "U Pick Em " + t.code + ": " + t.numbers.join(" "))); });
    var failed = sale.print_jobs.filter(function (j) { return j.status !== "printed"; });
    if (!failed.length) box.appendChild(el("span", "ok", "Receipt printed."));
    failed.forEach(function (job) { box.appendChild(el("span", "warn", PrintQueue.outcome(job))); });
  }

  $("tender").addEventListener("submit", function (event) {
    event.preventDefault();
    if (!cart.length) return;
    var given = cents($("tendered").value);
    var body = {
      lines: cart.map(function (l) {
        var line = {product_id: l.id, quantity: l.quantity, unit_price: plain(l.unit)};
        if (l.picks) line.picks = l.picks.length ? [l.picks] : null;
        if (l.serials) line.pack_serials = l.serials;
        return line;
      }),
      buyer_is_adult: $("adult").checked, tender: tender, tendered: plain(given === null ? 0 : given)
    };
    $("sell").disabled = true;
    Station.send("POST", root.dataset.sales, body, cartKey).then(function (sale) {
      lastSale(sale);
      cart.forEach(function (l) {
        if (!l.serials) return;
        var product = document.querySelector('.pos-item[data-id="' + l.id + '"]');
        if (product) product.dataset.issued = issued(product).filter(function (n) { return l.serials.indexOf(n) < 0; }).join(" ");
      });
      cart = [];
      $("tendered").value = "";
      $("adult").checked = false;
      changed();
      Till.refresh();
      root.dispatchEvent(new CustomEvent("pos:sold", {detail: sale}));
    }, function () {
      // Refused: the cart stays to be put right, and the last sale's box no longer stands beside it.
      $("sell").disabled = false;
      $("last-sale").hidden = true;
    });
  });

  renderCart();
})();
