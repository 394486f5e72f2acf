/**
 * The fake Razorpay's Checkout: a stand-in for https://checkout.razorpay.com/v1/checkout.js, served by
 * the fake Razorpay server at `GET /v1/checkout.js` (tests and the local demo point
 * RAZORPAY_CHECKOUT_URL there), and the browser endpoint it calls, `POST /v1/_checkout/pay`, which pays
 * the order with the fake's `checkout()` as a payer in the real Checkout would.
 *
 * The script defines `window.Razorpay` with the surface of Razorpay's Checkout that a page uses:
 * `new Razorpay(options)` (key, amount, currency, name, description, order_id, handler, prefill, theme,
 * modal.ondismiss / modal.escape, retry.enabled), `.open()`, `.close()` and `.on('payment.failed', cb)`.
 * Success closes the window and calls `options.handler({razorpay_payment_id, razorpay_order_id,
 * razorpay_signature})`; a failure calls the payment.failed callbacks with `{error: {code, description,
 * source, step, reason, metadata: {order_id, payment_id}}}` and, with `retry: {enabled: false}`, closes
 * the window (without ondismiss, as Checkout does); closing the window calls `modal.ondismiss`.
 *
 * Its window is a real dialog (labelled, focus kept inside, Escape closes) with two ways to pay:
 * "UPI" (a UPI ID: one ending in @fail, or ticking "Payment fails", fails) and "Card" (4111 1111 1111
 * 1111 succeeds, 4000 0000 0000 0002 is declined).
 *
 * A recurring authorisation (decision 042: Checkout opened with `customer_id` and `recurring: 1` on an order
 * with a token) shows only the order's method and says it also sets up the later payments (UPI AutoPay, or
 * the card kept for them); the order's method and limit come from `GET /v1/_checkout/order`.
 */
import type { CheckoutMethod, CheckoutOutcome } from './fake-razorpay';

export const FAKE_CHECKOUT_TEST_CARDS = { success: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' } as const;

export const FAKE_RAZORPAY_CHECKOUT_JS = String.raw`
(function () {
  var script = document.currentScript;
  var BASE = script && script.src ? new URL(script.src).origin : '';
  var OK_CARD = '4111111111111111';
  var BAD_CARD = '4000000000000002';
  var seq = 0;

  function el(tag, attrs, text) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'style') n.style.cssText = attrs[k];
      else n.setAttribute(k, attrs[k]);
    });
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function money(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (e) {
      return (currency || 'INR') + ' ' + (paise / 100).toFixed(2);
    }
  }
  var INPUT = 'display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px 12px;border:1px solid #64748b;border-radius:8px;font:16px system-ui,sans-serif;color:#0f172a;background:#fff';
  var LABEL = 'display:block;margin-top:12px;font:600 14px system-ui,sans-serif;color:#0f172a';
  var HINT = 'margin:4px 0 0;font:13px system-ui,sans-serif;color:#475569';

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: no key passed');
    this.options = options;
    this._on = {};
    this._root = null;
  }

  Razorpay.prototype.on = function (event, cb) {
    (this._on[event] = this._on[event] || []).push(cb);
  };

  Razorpay.prototype.close = function () {
    if (!this._root) return;
    this._root.remove();
    this._root = null;
    document.removeEventListener('keydown', this._keys, true);
    if (this._before && this._before.focus) this._before.focus();
  };

  Razorpay.prototype._dismiss = function () {
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this._root) return;
    var self = this;
    var o = this.options;
    var id = 'rzp-fake-' + ++seq;
    var color = (o.theme && o.theme.color) || '#0f766e';
    var amount = money(o.amount, o.currency);
    this._before = document.activeElement;

    var root = el('div', { 'data-razorpay-checkout': '', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;padding:12px' });
    var box = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc', style: 'background:#fff;color:#0f172a;width:100%;max-width:400px;max-height:100%;overflow:auto;border-radius:14px;padding:20px;box-sizing:border-box;font:15px system-ui,sans-serif;box-shadow:0 20px 50px rgba(0,0,0,.3)' });
    var head = el('div', { style: 'display:flex;justify-content:space-between;align-items:flex-start;gap:12px' });
    var titles = el('div');
    titles.append(
      el('h2', { id: id + '-title', style: 'margin:0;font:700 18px system-ui,sans-serif' }, (o.name || 'Checkout') + ' (Razorpay test mode)'),
      el('p', { id: id + '-desc', style: 'margin:4px 0 0;color:#334155' }, (o.description ? o.description + ': ' : '') + amount)
    );
    var closeBtn = el('button', { type: 'button', 'aria-label': 'Close', style: 'border:0;background:#f1f5f9;color:#0f172a;border-radius:999px;width:36px;height:36px;font:20px system-ui,sans-serif;cursor:pointer' }, '\u00d7');
    closeBtn.addEventListener('click', function () { self._dismiss(); });
    head.append(titles, closeBtn);
    box.append(head);
    if (o.prefill && (o.prefill.email || o.prefill.contact)) {
      box.append(el('p', { style: HINT }, 'Paying as ' + [o.prefill.name, o.prefill.email, o.prefill.contact].filter(Boolean).join(', ')));
    }

    var tabs = el('div', { role: 'tablist', 'aria-label': 'Ways to pay', style: 'display:flex;gap:8px;margin-top:16px' });
    var panels = {};
    var tabButtons = {};
    var error = el('p', { role: 'alert', style: 'margin:12px 0 0;color:#b91c1c;font:600 14px system-ui,sans-serif' });

    function field(panel, name, label, attrs, hint) {
      var input = el('input', Object.assign({ id: id + '-' + name, name: name, style: INPUT, autocomplete: 'off' }, attrs));
      var lab = el('label', { for: input.id, style: LABEL }, label);
      panel.append(lab, input);
      if (hint) {
        var h = el('p', { id: input.id + '-hint', style: HINT }, hint);
        input.setAttribute('aria-describedby', h.id);
        panel.append(h);
      }
      return input;
    }
    function payButton(panel) {
      var b = el('button', { type: 'submit', style: 'margin-top:16px;width:100%;min-height:44px;border:0;border-radius:8px;background:' + color + ';color:#fff;font:600 16px system-ui,sans-serif;cursor:pointer' }, 'Pay ' + amount);
      panel.append(b);
      return b;
    }

    var upi = el('form', { role: 'tabpanel', id: id + '-upi', 'aria-labelledby': id + '-tab-upi', novalidate: '' });
    upi.append(el('p', { style: HINT }, 'Pay with any UPI app, or enter your UPI ID to get a request on your phone.'));
    var vpa = field(upi, 'vpa', 'UPI ID', { inputmode: 'email', placeholder: 'yourname@bank' }, 'Test mode: any UPI ID succeeds; one ending in @fail fails.');
    var failWrap = el('label', { style: 'display:flex;gap:8px;align-items:center;margin-top:12px;font:14px system-ui,sans-serif;color:#0f172a' });
    var failBox = el('input', { type: 'checkbox', name: 'fail' });
    failWrap.append(failBox, document.createTextNode('Payment fails'));
    upi.append(failWrap);
    var upiPay = payButton(upi);

    var card = el('form', { role: 'tabpanel', id: id + '-card', 'aria-labelledby': id + '-tab-card', novalidate: '', hidden: '' });
    var number = field(card, 'card_number', 'Card number', { inputmode: 'numeric', autocomplete: 'off', placeholder: '4111 1111 1111 1111' }, 'Test mode: 4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined.');
    var row = el('div', { style: 'display:flex;gap:12px' });
    var expWrap = el('div', { style: 'flex:1' });
    var cvvWrap = el('div', { style: 'flex:1' });
    row.append(expWrap, cvvWrap);
    card.append(row);
    var exp = field(expWrap, 'card_expiry', 'Expiry (MM / YY)', { inputmode: 'numeric', placeholder: '12 / 30' });
    var cvv = field(cvvWrap, 'card_cvv', 'CVV', { inputmode: 'numeric', placeholder: '123' });
    var cardPay = payButton(card);

    panels.upi = upi;
    panels.card = card;
    [['upi', 'UPI'], ['card', 'Card']].forEach(function (t, i) {
      var b = el('button', { type: 'button', role: 'tab', id: id + '-tab-' + t[0], 'aria-controls': id + '-' + t[0], 'aria-selected': i === 0 ? 'true' : 'false', style: 'flex:1;min-height:40px;border:1px solid #64748b;border-radius:8px;background:#fff;color:#0f172a;font:600 15px system-ui,sans-serif;cursor:pointer' }, t[1]);
      b.addEventListener('click', function () { pick(t[0]); });
      tabButtons[t[0]] = b;
      tabs.append(b);
    });
    function pick(name) {
      Object.keys(panels).forEach(function (k) {
        panels[k].hidden = k !== name;
        tabButtons[k].setAttribute('aria-selected', k === name ? 'true' : 'false');
        tabButtons[k].style.background = k === name ? '#e2e8f0' : '#fff';
      });
      error.textContent = '';
    }
    pick('upi');
    var mandate = el('p', { style: HINT + ';display:none' });
    box.append(mandate, tabs, upi, card, error);
    root.append(box);
    if (o.recurring) {
      // the order says which way it is paid (UPI AutoPay or a card), and up to how much each later payment may be
      fetch(BASE + '/v1/_checkout/order?key_id=' + encodeURIComponent(o.key) + '&order_id=' + encodeURIComponent(o.order_id))
        .then(function (r) { return r.json(); })
        .then(function (info) {
          if (!info || !info.method) return;
          tabs.style.display = 'none';
          pick(info.method);
          mandate.style.display = '';
          mandate.textContent = (info.method === 'upi' ? 'This payment also sets up UPI AutoPay' : 'Your card is saved with Razorpay') + ' for later payments of up to ' + money(info.max_amount, o.currency) + ' each, which you can cancel at any time.';
          (info.method === 'upi' ? vpa : number).focus();
        })
        .catch(function () {});
    }

    function busy(on) {
      [upiPay, cardPay].forEach(function (b) {
        b.disabled = on;
        b.textContent = on ? 'Processing\u2026' : 'Pay ' + amount;
      });
    }
    function pay(method, outcome) {
      error.textContent = '';
      busy(true);
      fetch(BASE + '/v1/_checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_id: o.key, order_id: o.order_id, method: method, outcome: outcome, customer_id: o.customer_id, recurring: o.recurring, vpa: method === 'upi' ? vpa.value.trim() : undefined }),
      })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          busy(false);
          if (answer.ok) {
            self.close();
            if (typeof o.handler === 'function') o.handler({ razorpay_payment_id: answer.razorpay_payment_id, razorpay_order_id: answer.razorpay_order_id, razorpay_signature: answer.razorpay_signature });
            return;
          }
          var failure = { error: answer.error || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', metadata: {} } };
          if (o.retry && o.retry.enabled === false) self.close();
          else error.textContent = failure.error.description + ' Try again.';
          (self._on['payment.failed'] || []).forEach(function (cb) { cb(failure); });
        })
        .catch(function () {
          busy(false);
          error.textContent = 'Could not reach Razorpay. Try again.';
        });
    }
    upi.addEventListener('submit', function (e) {
      e.preventDefault();
      var v = vpa.value.trim();
      if (!/^[\w.\-]{2,256}@[a-zA-Z]{2,64}$/.test(v)) {
        error.textContent = 'Enter a valid UPI ID, like yourname@bank.';
        vpa.focus();
        return;
      }
      pay('upi', failBox.checked || /@fail$/i.test(v) ? 'failure' : 'success');
    });
    card.addEventListener('submit', function (e) {
      e.preventDefault();
      var n = number.value.replace(/\D/g, '');
      if (n !== OK_CARD && n !== BAD_CARD) {
        error.textContent = 'Use a test card: 4111 1111 1111 1111 or 4000 0000 0000 0002.';
        number.focus();
        return;
      }
      if (!/^\d{2}\s*\/?\s*\d{2}$/.test(exp.value.trim()) || !/^\d{3,4}$/.test(cvv.value.trim())) {
        error.textContent = 'Enter the expiry and the CVV.';
        (exp.value.trim() ? cvv : exp).focus();
        return;
      }
      pay('card', n === OK_CARD ? 'success' : 'failure');
    });

    this._keys = function (e) {
      if (!self._root) return;
      if (e.key === 'Escape' && (!o.modal || o.modal.escape !== false)) {
        e.preventDefault();
        self._dismiss();
        return;
      }
      if (e.key !== 'Tab') return;
      var items = Array.prototype.filter.call(box.querySelectorAll('button, input'), function (n) { return !n.disabled && n.offsetParent !== null; });
      if (!items.length) return;
      var first = items[0];
      var last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this._keys, true);
    document.body.append(root);
    this._root = root;
    if (o.prefill && o.prefill.vpa) vpa.value = o.prefill.vpa;
    vpa.focus();
  };

  window.Razorpay = Razorpay;
})();
`;

type Pay = (orderId: string, how: { method?: CheckoutMethod; outcome?: CheckoutOutcome; customerId?: string; recurring?: boolean; vpa?: string }) => object;
type Answer = { status: number; headers: Record<string, string>; body: string };

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type' };
const json = (status: number, body: object): Answer => ({ status, headers: { ...CORS, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const refused = (description: string, status = 400) => json(status, { error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * The Checkout routes of the fake (no Basic auth: the browser calls them, with the key id only, as
 * Checkout does), or null for any other path. `pay` is the fake's `checkout()`.
 */
type CheckoutOrder = { status?: unknown; method?: unknown; customer_id?: unknown; token?: { max_amount?: unknown } };

export function fakeCheckoutRoute(method: string, path: string, text: string, o: { keyId: string; orders: Map<string, CheckoutOrder>; pay: Pay }, query?: URLSearchParams): Answer | null {
  if (path === '/v1/checkout.js' && method === 'GET') {
    return { status: 200, headers: { ...CORS, 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' }, body: FAKE_RAZORPAY_CHECKOUT_JS };
  }
  if (path === '/v1/_checkout/order' && method === 'GET') {
    if (query?.get('key_id') !== o.keyId) return refused('Authentication failed', 401);
    const order = o.orders.get(query.get('order_id') ?? '');
    if (!order) return refused('The id provided does not exist');
    return json(200, { method: order.token ? order.method : null, max_amount: order.token?.max_amount ?? null });
  }
  if (path !== '/v1/_checkout/pay') return null;
  if (method === 'OPTIONS') return { status: 204, headers: CORS, body: '' };
  if (method !== 'POST') return refused('Use POST', 405);
  let b: { key_id?: unknown; order_id?: unknown; method?: unknown; outcome?: unknown; customer_id?: unknown; recurring?: unknown; vpa?: unknown };
  try {
    b = JSON.parse(text || '{}') as typeof b;
  } catch {
    return refused('The request body is not valid JSON');
  }
  if (b.key_id !== o.keyId) return refused('Authentication failed', 401);
  const order = typeof b.order_id === 'string' ? o.orders.get(b.order_id) : undefined;
  if (typeof b.order_id !== 'string' || !order) return refused('The id provided does not exist');
  if (order.status === 'paid') return refused('Order has already been paid');
  if (b.method !== 'upi' && b.method !== 'card') return refused('The method is invalid');
  if (b.outcome !== 'success' && b.outcome !== 'failure') return refused('The outcome is invalid');
  const recurring = b.recurring === 1 || b.recurring === '1' || b.recurring === true;
  if (order.token && (!recurring || b.customer_id !== order.customer_id)) return refused('This order is a recurring authorisation: open Checkout with its customer_id and recurring: 1');
  if (order.method && order.method !== b.method) return refused(`This payment can only be made by ${order.method === 'upi' ? 'UPI' : 'card'}`);
  const vpa = typeof b.vpa === 'string' && /^[\w.-]{2,256}@[a-zA-Z]{2,64}$/.test(b.vpa) ? b.vpa : undefined;
  return json(200, o.pay(b.order_id, { method: b.method, outcome: b.outcome, ...(typeof b.customer_id === 'string' && { customerId: b.customer_id }), recurring, ...(vpa && { vpa }) }));
}
