/**
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js), served by `page.route` because the
 * browser here cannot reach Stripe. It implements the part of Stripe.js the payment page uses, the way
 * Stripe.js does it: `Stripe(key).elements().create('card')` (mount, on('change'), focus, clear,
 * destroy), `createPaymentMethod({type:'card', card})` posting the card to api.stripe.com with the
 * publishable key, and `handleNextAction({clientSecret})` showing a 3-D Secure challenge whose buttons
 * pass or fail it at the (fake) Stripe. The test routes api.stripe.com to the fake Stripe server.
 */
export const FAKE_STRIPE_JS = String.raw`
(function () {
  var API = 'https://api.stripe.com';
  var digits = function (s) { return String(s || '').replace(/\D/g, ''); };
  var luhn = function (n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  };

  function makeCard() {
    var handlers = {};
    var inputs = null;
    var root = null;
    var values = function () {
      var exp = digits(inputs.exp.value);
      return { number: digits(inputs.number.value), month: exp.slice(0, 2), year: exp.slice(2, 4), cvc: digits(inputs.cvc.value) };
    };
    var problem = function (v, final) {
      if (v.number.length >= 16 && !luhn(v.number)) return { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
      if (!final) return undefined;
      if (v.number.length < 16) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
      if (v.year.length < 2) return { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
      if (v.cvc.length < 3) return { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
      return undefined;
    };
    var field = function (label, placeholder, width) {
      var input = document.createElement('input');
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.inputMode = 'numeric';
      input.style.cssText = 'border:0;outline:0;font:16px system-ui,sans-serif;color:#0f172a;background:transparent;min-width:0;width:' + width;
      input.addEventListener('input', function () {
        var v = values();
        var error = problem(v, false);
        (handlers.change || []).forEach(function (cb) { cb({ elementType: 'card', empty: !v.number, complete: !problem(v, true), error: error }); });
      });
      return input;
    };
    return {
      mount: function (node) {
        root = document.createElement('div');
        root.style.cssText = 'display:flex;gap:8px;align-items:center';
        inputs = { number: field('Credit or debit card number', 'Card number', '60%'), exp: field('Credit or debit card expiration date', 'MM / YY', '22%'), cvc: field('Credit or debit card CVC', 'CVC', '18%') };
        root.append(inputs.number, inputs.exp, inputs.cvc);
        node.appendChild(root);
      },
      on: function (event, cb) { (handlers[event] = handlers[event] || []).push(cb); },
      focus: function () { inputs && inputs.number.focus(); },
      clear: function () { if (inputs) { inputs.number.value = ''; inputs.exp.value = ''; inputs.cvc.value = ''; } },
      destroy: function () { root && root.remove(); },
      _values: values,
      _problem: problem,
    };
  }

  function challenge() {
    return new Promise(function (resolve) {
      var backdrop = document.createElement('div');
      backdrop.style.cssText = 'position:fixed;inset:0;background:rgba(15,23,42,.5);display:flex;align-items:center;justify-content:center;z-index:9999';
      var box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-modal', 'true');
      box.setAttribute('aria-label', '3D Secure test payment');
      box.style.cssText = 'background:#fff;padding:24px;border-radius:12px;font:16px system-ui,sans-serif;max-width:320px';
      box.innerHTML = '<p style="margin:0 0 16px">This is a test 3D Secure payment.</p>';
      ['Complete', 'Fail'].forEach(function (name) {
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = name + ' authentication';
        b.style.cssText = 'margin-right:8px;padding:8px 12px;border:1px solid #334155;border-radius:6px;background:#fff';
        b.onclick = function () { backdrop.remove(); resolve(name === 'Complete' ? 'complete' : 'fail'); };
        box.appendChild(b);
      });
      backdrop.appendChild(box);
      document.body.appendChild(backdrop);
    });
  }

  function Stripe(key) {
    var post = function (path, params) {
      var body = new URLSearchParams(params);
      body.set('key', key);
      return fetch(API + path, { method: 'POST', body: body }).then(function (r) {
        return r.json().then(function (json) { return { ok: r.ok, json: json }; });
      });
    };
    return {
      elements: function () { return { create: function () { return makeCard(); } }; },
      createPaymentMethod: function (opts) {
        var v = opts.card._values();
        var error = opts.card._problem(v, true);
        if (error) return Promise.resolve({ error: error });
        return post('/v1/payment_methods', { type: 'card', 'card[number]': v.number, 'card[exp_month]': v.month, 'card[exp_year]': '20' + v.year, 'card[cvc]': v.cvc }).then(function (r) {
          return r.ok ? { paymentMethod: r.json } : { error: r.json.error };
        });
      },
      handleNextAction: function (opts) {
        var secret = opts.clientSecret;
        return challenge().then(function (outcome) {
          return post('/test/3ds/' + secret.split('_secret_')[0], { client_secret: secret, outcome: outcome }).then(function (r) {
            if (outcome === 'fail') return { error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' } };
            return r.ok ? { paymentIntent: r.json } : { error: r.json.error };
          });
        });
      },
    };
  }
  // the release train @stripe/stripe-js expects, so it does not warn
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
