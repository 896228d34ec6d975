# syntax=docker/dockerfile:1
# The production image: one build for every role (SOLOIST_ROLE=all|api|worker). Build: docker build -t soloist .

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 falls back to compiling when no prebuilt binary fits; the image's Node headers are under /usr/local
# (the repository's .npmrc names Debian's, /usr).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
# The renderer is a workspace package: npm ci links it by its name, @soloist/renderer.
COPY packages/renderer/package.json ./packages/renderer/
RUN npm ci
COPY . .
# The renderer package, the server (tsc) and the browser app (webpack), then production dependencies only.
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
# What the server reads at run time besides its code: schemas, permission rules and texts (reloaded on SIGHUP).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The server loads the renderer's built files through node_modules/@soloist/renderer, a link to its workspace folder.
COPY --from=build /app/packages/renderer/package.json ./packages/renderer/
COPY --from=build /app/packages/renderer/dist ./packages/renderer/dist
COPY --from=build /app/packages/renderer/language ./packages/renderer/language
COPY --from=build /app/packages/renderer/dialect ./packages/renderer/dialect
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/permissions ./permissions
COPY --from=build /app/src/locales ./src/locales
# data/ holds the SQLite file and uploads when no volume or DATABASE_URL says otherwise; the only writable place.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
EXPOSE 3000
# /health answers without the database; a load balancer asks /ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: requests in flight finish, queue workers hand back what they have not started, exit 0.
CMD ["node", "dist/server/src/server/server.js"]
