// API tests run the real server in-process on an in-memory PGlite (see test-server.ts).
export {};
