# One image for the backend replicas (target `app`, the default) and one for nginx with the built frontend's
# assets (target `web`). Used by docker-compose.yml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# argon2 compiles from source when its prebuilt binary does not load.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# main.ts stops within 10 s of SIGTERM: it stops accepting, finishes requests and hands sockets to the other replica.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "--enable-source-maps", "backend/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/frontend/dist /usr/share/nginx/html
COPY nginx.conf /etc/nginx/nginx.conf
