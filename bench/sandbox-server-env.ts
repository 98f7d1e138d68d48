/**
 * The environment of a built server started on 127.0.0.1 by a measuring script
 * (the bench, the login flood): sandbox providers, so codes and CAPTCHA answers
 * can be read at /sandbox/* (hence not production, decision 026); the platform
 * in process; embedded PGlite in `dataDir` unless `databaseUrl` names a
 * PostgreSQL database. A DATABASE_URL or PLATFORM_URL in the caller's shell is
 * deliberately not inherited.
 */
export function sandboxServerEnv(options: {
  port: number;
  host: string;
  dataDir: string;
  sessionSecret: string;
  databaseUrl?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    APP_ENV: "development",
    PORT: String(options.port),
    HOST: options.host,
    DATA_DIR: options.dataDir,
    SMS_PROVIDER: "sandbox",
    EMAIL_PROVIDER: "sandbox",
    SESSION_SECRET: options.sessionSecret,
    PLATFORM_URL: "",
    DATABASE_URL: options.databaseUrl ?? "",
    // The dashboard bench rents 50 one-GPU instances for the (unverified) demo account (decision 096).
    UNVERIFIED_GPU_LIMIT: "10000",
  };
}
