// Office forms: a page answers a form far from where it was filled (a redirect to a section's anchor, or
// the same page again with the field marked). The notice is moved to the top of the section tapped, and
// the first field marked in error is brought into view with the focus, so the answer is where the eye is.
(function () {
  var notices = Array.prototype.slice.call(document.querySelectorAll("main > .notice"));
  var target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
  if (target && notices.length) {
    var heading = target.querySelector("h2, h3");
    notices.forEach(function (notice) {
      if (heading) heading.insertAdjacentElement("afterend", notice); else target.insertBefore(notice, target.firstChild);
    });
  }
  var wrong = document.querySelector("[aria-invalid=true]");
  if (wrong) {
    wrong.scrollIntoView({block: "center"});
    wrong.focus({preventScroll: true});
  }
})();
