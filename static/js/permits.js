// Recording a Montana permit (MCA 23-5-317(1)(b), (2)(b)): the fee is set by the kind and never prorated,
// so choosing the kind puts its whole annual fee in the fee box.
(function () {
  var form = document.getElementById("permit-form");
  if (!form) return;
  var fees = JSON.parse(form.dataset.fees);
  var kind = form.elements.jurisdiction, fee = form.elements.fee;
  kind.addEventListener("change", function () { if (fees[kind.value]) fee.value = fees[kind.value]; });
})();
