/**
 * The demo shop: a store's own site on another origin than the bot (another port, and the name
 * `localhost` where the bot is 127.0.0.1), with two pages in six languages, its own aggressive global CSS
 * and a strict Content-Security-Policy, that pastes the widget's one tag exactly as a store would. Its
 * order page has its own "Track my order" button, which calls OrderTrackingChat.track. Loopback only.
 *
 * With customer tokens it can sign (sandbox mode's demo secret), every page has "Sign in as the demo
 * customer": the shop keeps a cookie of its own for its next pages, and each page it serves to the
 * signed-in customer carries a fresh customer token in the widget's tag (`data-customer-token`), as a
 * store's server renders it. "Sign out" calls OrderTrackingChat.signOut() and drops the cookie.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Negotiator from 'negotiator';
import { refuseOtherHosts } from '../loopbackHost';
import { DEMO } from '../simulators';
import { DEMO_CUSTOMER, signDemoCustomerToken, type SharedSecretSettings } from './demoCustomer';

export interface DemoShop {
  /** http://localhost:{port} */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface DemoShopOptions {
  botUrl: string;
  port: number;
  /** The bot's customer-token settings, when the shop may sign its demo customer in (a shared secret). */
  customerTokens?: SharedSecretSettings;
}

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
type Language = (typeof LANGUAGES)[number];

interface ShopWords {
  product: string;
  order: string;
  shoes: string;
  pitch: string;
  basket: string;
  orderTitle: string;
  shipped: string;
  track: string;
  signIn: string;
  signedInAs: string;
  signOut: string;
}

const WORDS: Record<Language, ShopWords> = {
  en: {
    product: 'Trail shoes',
    order: 'My order',
    shoes: 'Trail running shoes',
    pitch: 'Light, grippy, ready for mud.',
    basket: 'Add to basket',
    orderTitle: 'Your order',
    shipped: 'Shipped with UPS, tracking number',
    track: 'Track my order',
    signIn: 'Sign in as the demo customer',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
  },
  de: {
    product: 'Trailschuhe',
    order: 'Meine Bestellung',
    shoes: 'Trailrunning-Schuhe',
    pitch: 'Leicht, griffig, bereit für Matsch.',
    basket: 'In den Warenkorb',
    orderTitle: 'Ihre Bestellung',
    shipped: 'Versandt mit UPS, Sendungsnummer',
    track: 'Meine Bestellung verfolgen',
    signIn: 'Als Demo-Kunde anmelden',
    signedInAs: 'Angemeldet als',
    signOut: 'Abmelden',
  },
  fr: {
    product: 'Chaussures de trail',
    order: 'Ma commande',
    shoes: 'Chaussures de trail',
    pitch: 'Légères, accrocheuses, prêtes pour la boue.',
    basket: 'Ajouter au panier',
    orderTitle: 'Votre commande',
    shipped: 'Expédiée par UPS, numéro de suivi',
    track: 'Suivre ma commande',
    signIn: 'Se connecter comme client de démo',
    signedInAs: 'Connecté en tant que',
    signOut: 'Se déconnecter',
  },
  es: {
    product: 'Zapatillas de trail',
    order: 'Mi pedido',
    shoes: 'Zapatillas de trail running',
    pitch: 'Ligeras, con agarre, listas para el barro.',
    basket: 'Añadir a la cesta',
    orderTitle: 'Su pedido',
    shipped: 'Enviado con UPS, número de seguimiento',
    track: 'Seguir mi pedido',
    signIn: 'Iniciar sesión como cliente de prueba',
    signedInAs: 'Sesión iniciada como',
    signOut: 'Cerrar sesión',
  },
  it: {
    product: 'Scarpe da trail',
    order: 'Il mio ordine',
    shoes: 'Scarpe da trail running',
    pitch: 'Leggere, aderenti, pronte per il fango.',
    basket: 'Aggiungi al carrello',
    orderTitle: 'Il suo ordine',
    shipped: 'Spedito con UPS, numero di tracciamento',
    track: 'Traccia il mio ordine',
    signIn: 'Accedi come cliente demo',
    signedInAs: 'Accesso effettuato come',
    signOut: 'Esci',
  },
  nl: {
    product: 'Trailschoenen',
    order: 'Mijn bestelling',
    shoes: 'Trailrunschoenen',
    pitch: 'Licht, veel grip, klaar voor modder.',
    basket: 'In winkelwagen',
    orderTitle: 'Uw bestelling',
    shipped: 'Verzonden met UPS, trackingnummer',
    track: 'Volg mijn bestelling',
    signIn: 'Inloggen als demoklant',
    signedInAs: 'Ingelogd als',
    signOut: 'Uitloggen',
  },
};

/** The store's own CSS, as hostile as a theme gets: none of it may reach the chat, and the chat none of the store. */
const SHOP_CSS = `
* { all: revert; font: 30px serif !important; color: #402 !important; box-sizing: content-box !important; }
body { background: #fdf6e3 !important; margin: 16px !important; }
button { background: red !important; color: yellow !important; border: 5px dashed lime !important; padding: 12px !important; }
div { padding: 3px !important; border-radius: 0 !important; }
iframe { border: 10px solid magenta !important; width: 50px !important; height: 50px !important; }
svg, img { display: none !important; }
[role="dialog"], [hidden] { display: block !important; }
nav a { margin-right: 24px !important; }
`;

/** The store's page script: its own button starts a lookup in the chat, as data; signing out of the shop signs the chat out too. */
const SHOP_JS = `
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-track]');
  if (!button || !window.OrderTrackingChat) return;
  window.OrderTrackingChat.track({ input_type: 'tracking_number', identifier: button.getAttribute('data-track') });
});
document.addEventListener('submit', function (event) {
  if (event.target.matches('[data-sign-out]') && window.OrderTrackingChat) window.OrderTrackingChat.signOut();
});
`;

/** The shop's own session: a demo's cookie, on loopback only (a real shop's is a signed session id). */
const SIGNED_IN = 'northwind-customer=demo';

const esc = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What the shop's server knows of its visitor on this page: the demo customer's fresh token, when signed in. */
interface Visitor {
  canSignIn: boolean;
  customerToken?: string;
}

function account(lang: Language, which: 'product' | 'order', visitor: Visitor): string {
  if (!visitor.canSignIn) return '';
  const w = WORDS[lang];
  const back = `<input type="hidden" name="back" value="/${lang}/${which === 'order' ? 'order' : ''}">`;
  return visitor.customerToken
    ? `<form method="post" action="/signout" data-sign-out>${back}<span>${esc(w.signedInAs)} ${esc(DEMO_CUSTOMER.name)}</span> <button type="submit">${esc(w.signOut)}</button></form>`
    : `<form method="post" action="/signin">${back}<button type="submit">${esc(w.signIn)}</button></form>`;
}

function page(lang: Language, which: 'product' | 'order', botUrl: string, visitor: Visitor): string {
  const w = WORDS[lang];
  const nav = LANGUAGES.map(
    (l) => `<a href="/${l}/${which === 'order' ? 'order' : ''}" hreflang="${l}">${l.toUpperCase()}</a>`,
  ).join(' ');
  const trackingNumber = DEMO.trackings.trackingNumbers.inTransit;
  const body =
    which === 'product'
      ? `<h1>${esc(w.shoes)}</h1><p>${esc(w.pitch)}</p><p>€ 129</p><button type="button">${esc(w.basket)}</button>`
      : `<h1>${esc(w.orderTitle)}</h1><p>${esc(w.shipped)} ${trackingNumber}.</p><button type="button" data-track="${trackingNumber}">${esc(w.track)}</button>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northwind Outfitters · ${esc(which === 'product' ? w.product : w.order)}</title>
<link rel="stylesheet" href="/shop.css">
<script src="/shop.js" defer></script>
<script src="${botUrl}/webchat.js" defer${visitor.customerToken ? ` data-customer-token="${esc(visitor.customerToken)}"` : ''}></script>
</head><body>
<header><strong>Northwind Outfitters</strong> (demo shop)
${account(lang, which, visitor)}
<nav><a href="/${lang}/">${esc(w.product)}</a> <a href="/${lang}/order">${esc(w.order)}</a> · ${nav}</nav></header>
<main>${body}</main>
</body></html>
`;
}

/** The policy a store sets with the widget: its script and its frame from the bot, nothing else of the bot's. */
function shopCsp(botUrl: string): string {
  const bot = new URL(botUrl).origin;
  return `default-src 'self'; script-src 'self' ${bot}; frame-src ${bot}; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'self'`;
}

export async function startDemoShop(options: DemoShopOptions): Promise<DemoShop> {
  const botUrl = options.botUrl.replace(/\/$/, '');
  const tokens = options.customerTokens;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (refuseOtherHosts(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://shop');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', ...headers });
      res.end(body);
    };
    if (url.pathname === '/shop.css') return send(200, 'text/css; charset=utf-8', SHOP_CSS);
    if (url.pathname === '/shop.js') return send(200, 'text/javascript; charset=utf-8', SHOP_JS);
    if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '');
    const match = /^\/(en|de|fr|es|it|nl)\/(order)?$/.exec(url.pathname);
    if (tokens && req.method === 'POST' && (url.pathname === '/signin' || url.pathname === '/signout')) {
      const back =
        /^\/(en|de|fr|es|it|nl)\/(order)?$/.exec(new URLSearchParams(await bodyOf(req)).get('back') ?? '')?.[0] ??
        '/en/';
      const cookie =
        url.pathname === '/signin'
          ? `${SIGNED_IN}; Path=/; HttpOnly; SameSite=Lax`
          : `${SIGNED_IN.split('=')[0]}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
      res.writeHead(303, { location: back, 'set-cookie': cookie, 'cache-control': 'no-store' });
      return void res.end();
    }
    if (match) {
      const lang = match[1] as Language;
      const signedIn = tokens && (req.headers.cookie ?? '').split(/;\s*/).includes(SIGNED_IN);
      // A fresh token with every page, signed on the server: it never needs storing in the browser.
      const visitor: Visitor = {
        canSignIn: !!tokens,
        customerToken: signedIn ? await signDemoCustomerToken(tokens, lang) : undefined,
      };
      return send(200, 'text/html; charset=utf-8', page(lang, match[2] ? 'order' : 'product', botUrl, visitor), {
        'content-security-policy': shopCsp(botUrl),
        ...(signedIn ? { 'cache-control': 'no-store' } : {}),
      });
    }
    if (url.pathname === '/') {
      res.writeHead(302, { location: `/${frontPage(req)}/`, vary: 'Accept-Language' });
      return void res.end();
    }
    send(404, 'text/plain; charset=utf-8', 'not found');
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The shop's page in the browser's most preferred language it has (de-CH is German), else English. */
function frontPage(req: IncomingMessage): Language {
  // English first: a browser that names no language, or accepts any ("*"), gets the languages in this order.
  const preferred = new Negotiator(req).languages(['en', ...LANGUAGES.filter((language) => language !== 'en')]);
  return (preferred[0] as Language | undefined) ?? 'en';
}

/** A small form's body (the sign-in and sign-out buttons), at most 2 KB. */
function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 2_048) req.destroy();
    });
    req.on('end', () => resolve(text));
    req.on('close', () => resolve(text));
  });
}
