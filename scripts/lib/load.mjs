/**
 * autocannon with the options given as JSON in argv[2], its result printed as JSON: run by
 * `npm run bench` in a process of its own, so the servers under test keep the bench's event
 * loop. `headersPerConnection` gives each connection its own headers (its own user's
 * session), on top of `headers`; `requestsPerConnection` each connection its own request
 * (`{ method, path, body, headers }`: its own user's or resource's path), sent again and again.
 */
import autocannon from 'autocannon';

const { headersPerConnection, requestsPerConnection, ...options } = JSON.parse(process.argv[2]);
let connection = 0;
const result = await autocannon({
  ...options,
  ...(headersPerConnection && {
    setupClient: (client) =>
      client.setHeaders({
        ...options.headers,
        ...headersPerConnection[connection++ % headersPerConnection.length],
      }),
  }),
  ...(requestsPerConnection && {
    setupClient: (client) =>
      client.setRequests([requestsPerConnection[connection++ % requestsPerConnection.length]]),
  }),
});
console.log(JSON.stringify(result));
