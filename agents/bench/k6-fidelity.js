// The k6 script of `npm run bench:fidelity` (fidelity.mjs): what k6 users write every day, and what
// issue 15 found losing samples. Two scenarios (closed and open model), groups, checks,
// thresholds, custom Trends (a time and a plain one), and an id in every URL: thousands of
// distinct URLs, the checkout ones named per id by the script. TARGET is the bench's local server.
import { check, group } from 'k6';
import http from 'k6/http';
import { Trend } from 'k6/metrics';

const checkout = new Trend('checkout_time', true);
// A Trend of plain numbers, not times: the agent keeps it as a gauge.
const items = new Trend('cart_items');
const seconds = `${__ENV.SECONDS || 12}s`;

export const options = {
  scenarios: {
    browse: { executor: 'constant-vus', vus: 4, duration: seconds, exec: 'browse' },
    buy: {
      executor: 'constant-arrival-rate',
      rate: 40,
      timeUnit: '1s',
      duration: seconds,
      preAllocatedVUs: 8,
      exec: 'buy',
    },
  },
  thresholds: {
    http_req_duration: ['p(95)<2000'],
    checkout_time: ['p(99)<5000'],
    checks: ['rate>0.99'],
  },
};

const id = () => Math.floor(Math.random() * 1e9);

export function browse() {
  group('catalog', () => {
    // Unnamed: k6 names the request by its URL, which the agent never makes a label.
    const res = http.get(`${__ENV.TARGET}/item/${id()}`);
    check(res, { 'item is 200': (r) => r.status === 200 });
  });
}

export function buy() {
  group('checkout', () => {
    const cart = id();
    // Named per id, as scripts that mean well do: a tag set per request, folded beyond the bound.
    const add = http.post(`${__ENV.TARGET}/cart/${cart}`, 'qty=1', { tags: { name: `cart ${cart}` } });
    const order = http.get(`${__ENV.TARGET}/order/${cart}`, { tags: { name: 'order' } });
    check(order, { 'order is 200': (r) => r.status === 200 });
    checkout.add(add.timings.duration + order.timings.duration);
    items.add(1 + (cart % 5));
  });
}
