// On-screen PIN pad for touchscreens; a USB numpad types straight into the field instead.
(function () {
  document.querySelectorAll(".keypad").forEach(function (pad) {
    var field = document.getElementById(pad.dataset.target);
    pad.addEventListener("click", function (event) {
      var key = event.target.closest(".key[type=button]");
      if (!key || !field) return;
      var value = key.dataset.key;
      if (value === "⌫") field.value = field.value.slice(0, -1);
      else if (field.value.length < 8) field.value += value;
      field.focus();
    });
  });
})();
