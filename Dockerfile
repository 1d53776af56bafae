# Levelfield images: one build stage, two runtime targets (ingest-api, web).
# docker compose builds both; see docker-compose.yml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx turbo run build --filter=@levelfield/ingest-api --filter=@levelfield/web

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node

FROM runtime AS ingest-api
ENV INGEST_HOST=0.0.0.0 INGEST_PORT=4000
EXPOSE 4000
CMD ["node", "apps/ingest-api/dist/main.mjs"]

FROM runtime AS web
WORKDIR /app/apps/web
EXPOSE 3000
CMD ["../../node_modules/.bin/next", "start", "-H", "0.0.0.0", "-p", "3000"]

FROM runtime AS migrate
CMD ["node", "--import", "tsx", "packages/db/src/cli.ts", "serve"]
