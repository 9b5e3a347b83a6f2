// The lesson bar: the lesson's title, the step's text, "step k of n", Back,
// Next, the steps and Leave, as DOM text beside the canvas, so a teacher's
// words show in any script the browser can draw (the canvas font holds only
// the app's own characters). It shows the app's page view (ui::LabApp's
// page_view_json, followed through web/page_view.js);
// every button sends the same command the app's keys and the hook send
// (tour_back, tour_next, tour_step=K, tour_exit, present=0|1), so a step
// reached here is the step its link opens. Text goes in with textContent only.
// On a wide screen the bar sits above the canvas (in present mode compact:
// one line of title and buttons over the step's text, style.css); on a phone
// below it, with Back and Next in fixed places at the bottom, where the thumb is. The canvas
// gives the bar its room (--lesson-top / --lesson-bottom), so nothing of the
// lab is hidden under it.
'use strict';
(function () {
  const canvas = document.getElementById('canvas');
  const bar = document.createElement('section');
  bar.id = 'lesson-bar';
  bar.className = 'lesson-bar';
  bar.hidden = true;
  bar.setAttribute('aria-label', 'Lesson');

  function element(tag, className, parent) {
    const el = document.createElement(tag);
    el.className = className;
    parent.appendChild(el);
    return el;
  }
  function button(className, label, parent) {
    const b = element('button', className, parent);
    b.type = 'button';
    b.textContent = label;
    return b;
  }
  const head = element('div', 'lesson-head', bar);
  const title = element('h2', 'lesson-title', head);
  const count = element('span', 'lesson-count', head);
  const present = button('lesson-present', 'Present', head);
  const leave = button('lesson-leave', 'Leave', head);
  leave.setAttribute('aria-label', 'Leave the lesson');
  const text = element('p', 'lesson-text', bar);
  text.dir = 'auto';  // a Hebrew or Arabic step reads right to left
  text.setAttribute('aria-live', 'polite');
  const nav = element('div', 'lesson-nav', bar);
  const back = button('lesson-back', '\u2039 Back', nav);
  const steps = element('div', 'lesson-steps', nav);
  steps.setAttribute('role', 'group');
  steps.setAttribute('aria-label', 'Steps');
  const next = button('lesson-next', 'Next \u203A', nav);
  const keys = element('span', 'lesson-keys', nav);
  keys.textContent = 'Page Up / Page Down, or swipe';
  document.body.insertBefore(bar, canvas.nextSibling);

  let shown = { lesson: null, present: false, theme: 'dark' };
  function send(command) {
    const hook = window.shufflelab;
    if (hook && hook.ready) hook.command(command);
  }
  back.addEventListener('click', function () { send('tour_back'); });
  next.addEventListener('click', function () { send('tour_next'); });
  leave.addEventListener('click', function () { send('tour_exit'); });
  present.addEventListener('click', function () { send(shown.present ? 'present=0' : 'present=1'); });
  steps.addEventListener('click', function (e) {
    const k = e.target && e.target.dataset && e.target.dataset.step;
    if (k) send('tour_step=' + k);
  });

  // Keys aimed at the bar's buttons are the bar's, but Page Up and Page Down,
  // which turn the page in the app (web/page_keys.js decides, for every control).

  // A horizontal swipe on the bar turns its page (a vertical one scrolls a long text).
  let swipeStart = null;
  bar.addEventListener('touchstart', function (e) {
    const t = e.changedTouches[0];
    swipeStart = e.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
  }, { passive: true });
  bar.addEventListener('touchend', function (e) {
    const t = e.changedTouches[0];
    const start = swipeStart;
    swipeStart = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x, dy = t.clientY - start.y;
    if (Math.abs(dx) < 60 || Math.abs(dy) > Math.abs(dx) / 2) return;
    send(dx < 0 ? 'tour_next' : 'tour_back');
  }, { passive: true });

  // The canvas leaves the bar its room: above it on wide screens, below on
  // phones (the width style.css puts the bar at the bottom).
  const phone = window.matchMedia('(max-width: 700px)');
  function place() {
    const open = !bar.hidden;
    const below = open && phone.matches;
    const h = open ? Math.ceil(bar.getBoundingClientRect().height) : 0;
    document.documentElement.style.setProperty('--lesson-top', (open && !below ? h : 0) + 'px');
    document.documentElement.style.setProperty('--lesson-bottom', (below ? h : 0) + 'px');
  }
  if (window.ResizeObserver) new ResizeObserver(place).observe(bar);
  window.addEventListener('resize', place);

  function stepButtons(n, k) {
    if (steps.children.length !== n) {
      const list = [];
      for (let i = 1; i <= n; i++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'lesson-step';
        b.dataset.step = String(i);
        b.textContent = String(i);
        b.setAttribute('aria-label', 'Step ' + i);
        list.push(b);
      }
      steps.replaceChildren.apply(steps, list);
    }
    Array.prototype.forEach.call(steps.children, function (b, i) {
      if (i + 1 === k) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    });
  }

  function update(view) {
    shown = view;
    const lesson = view.lesson && typeof view.lesson.text === 'string' ? view.lesson : null;
    document.body.classList.toggle('lesson-open', Boolean(lesson));
    document.body.classList.toggle('lesson-present', Boolean(view.present));
    bar.dataset.theme = view.theme === 'light' ? 'light' : 'dark';
    present.textContent = view.present ? 'Leave present mode' : 'Present';
    present.setAttribute('aria-pressed', view.present ? 'true' : 'false');
    bar.hidden = !lesson;
    if (lesson) {
      const k = Number(lesson.step), n = Number(lesson.steps);
      title.textContent = lesson.title || 'Lesson';
      count.textContent = 'step ' + k + ' of ' + n;
      if (text.textContent !== lesson.text) text.textContent = lesson.text;
      back.disabled = k <= 1;
      next.disabled = k >= n;
      stepButtons(n <= 40 ? n : 0, k);  // a teacher's long lesson: Back, Next and the count only
    }
    place();
  }

  window.shufflelabPageView.follow(update);
})();
