import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseBrCode } from "../shared/pix/parse-brcode";
import { registrationBrCode } from "../shared/pix/registration-pix";
import { publicEventConfig } from "../shared/event-facts";
import { settingsDefaults } from "./settings/event-settings";
import { formatPrice, parsePrice } from "../shared/price";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has the spec's defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe("./data");
    expect(c.priceLabel).toBe("R$ 15,00");
    expect(c.priceCents).toBe(1500);
    expect(c.EVENT_DATE).toBe("16 de Agosto");
    expect(c.EVENT_TIME).toBe("A partir das 08h");
    expect(c.EVENT_CITY).toBe("Itapecuru-Mirim");
    expect(c.THANKS_MESSAGES).toHaveLength(6);
    expect(c.THANKS_MESSAGES.slice(0, 3)).toEqual([
      "Te esperamos em Itapecuru!",
      "Vamos juntos na Jornada!",
      "Cristo nos chama à missão!",
    ]);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("starts in development from .env.example copied to .env, as the README says", () => {
    // process.loadEnvFile reads the file as parseEnv does: a line "NAME=" is an empty value, not an unset one.
    const env = parseEnv(readFileSync(".env.example", "utf8"));
    const c = loadConfig(env);
    expect(c.NODE_ENV).toBe("development");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.EVENT_TIME_ZONE).toBe("America/Fortaleza");
  });

  it("believes a number of proxy hops or the proxies' addresses, never every hop", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).TRUST_PROXY).toBe("127.0.0.1,10.0.0.0/8,::1");
    for (const bad of ["yes", "10.0.0.0/33", "nginx", "1.2.3"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: use false, o número de proxies/);
    }
  });

  it("names each wrong variable", () => {
    const attempt = () => loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", THANKS_MESSAGES: "a|b" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: deve ser um número inteiro/);
    expect(attempt).toThrow(/DATABASE_URL: deve começar com postgres/);
    expect(attempt).toThrow(/THANKS_MESSAGES: separe exatamente seis/);
  });

  it("has PIX defaults and checks the PIX variables", () => {
    const c = loadConfig({});
    expect(c.PIX_KEY).toBe("pix@juventudecatolicavg.com.br");
    expect(c.PIX_RECEIVER_NAME).toBe("Juventude Catolica VG");
    expect(c.PIX_CITY).toBe("Itapecuru-Mirim");
    expect(c.PIX_TXID).toBe("none");
    expect(loadConfig({ PIX_TXID: "registration", PIX_KEY: " 123.456.789-09 " })).toMatchObject({
      PIX_TXID: "registration",
      PIX_KEY: "123.456.789-09",
    });
    const attempt = () => loadConfig({ PIX_KEY: "fulano", PIX_RECEIVER_NAME: "🙏 !!", PIX_CITY: "—", PIX_TXID: "sim" });
    expect(attempt).toThrow(/PIX_KEY: use e-mail, CPF, CNPJ, telefone \+55 ou chave aleatória/);
    expect(attempt).toThrow(/PIX_RECEIVER_NAME: precisa ter ao menos uma letra ou número/);
    expect(attempt).toThrow(/PIX_CITY: precisa ter ao menos uma letra ou número/);
    expect(attempt).toThrow(/PIX_TXID: use none ou registration/);
    expect(() => loadConfig({ PIX_KEY: `${"a".repeat(66)}@exemplo.com` })).toThrow(/PIX_KEY: .*até 77 caracteres/);
  });

  it("hands the page sanitised PIX facts that build a valid code", () => {
    const page = publicEventConfig(
      settingsDefaults(loadConfig({ PIX_RECEIVER_NAME: "Juventude Católica – VG 🙏", REGISTRATION_PRICE: "20,50" })),
      { pixTxid: "none", devMode: true, publicUrl: "http://localhost:3000" },
    );
    expect(page).toMatchObject({
      pixKey: "pix@juventudecatolicavg.com.br",
      pixReceiverName: "Juventude Catolica VG",
      pixCity: "ITAPECURU MIRIM",
      pixTxid: "none",
      priceCents: 2050,
    });
    expect(parseBrCode(registrationBrCode(page, "JDJ7K3Q"))).toMatchObject({
      amount: "20.50",
      info: "JDJ7K3Q",
      txid: "***",
    });
  });

  it("formats prices the Brazilian way", () => {
    expect(formatPrice(1500)).toBe("R$ 15,00");
    expect(formatPrice(123456)).toBe("R$ 1.234,56");
    expect(loadConfig({ REGISTRATION_PRICE: "20,50" }).priceLabel).toBe("R$ 20,50");
  });

  it("reads REGISTRATION_PRICE as the panel reads a price (shared/price.ts), and refuses what it refuses", () => {
    for (const typed of ["15", "15,00", "15.5", "R$ 1.234,50", "1234.50"])
      expect(loadConfig({ REGISTRATION_PRICE: typed }).priceCents, typed).toBe(parsePrice(typed));
    for (const typed of ["quinze", "15,001", "-15", "1e3"])
      expect(() => loadConfig({ REGISTRATION_PRICE: typed }), typed).toThrow(/REGISTRATION_PRICE/);
  });
});

describe("ADMIN_PASSWORD in production", () => {
  it("stops start-up without a password, naming ADMIN_PASSWORD", () => {
    const attempt = () => loadConfig({ NODE_ENV: "production" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /ADMIN_PASSWORD: obrigatória em produção, com pelo menos 12 caracteres \(não está definida\)/,
    );
  });

  it("stops start-up with a password shorter than 12 characters", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ADMIN_PASSWORD: "curta-11chr" })).toThrow(
      /ADMIN_PASSWORD: .*a senha definida é curta demais/,
    );
  });

  it("lists the password rule together with other wrong variables", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PORT: "abc" })).toThrow(
      /PORT: .*\n\s+ADMIN_PASSWORD: obrigatória/,
    );
  });

  it("accepts 12 characters in production, and no password outside production", () => {
    expect(
      loadConfig({ NODE_ENV: "production", ADMIN_PASSWORD: "doze-chars12", PUBLIC_URL: "https://c.exemplo.org" })
        .ADMIN_PASSWORD,
    ).toBe("doze-chars12");
    expect(loadConfig({ NODE_ENV: "development" }).ADMIN_PASSWORD).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test" }).ADMIN_PASSWORD).toBeUndefined();
  });
});

describe("PASSWORD_HASH_COST", () => {
  const production = { NODE_ENV: "production", ADMIN_PASSWORD: "doze-chars12", PUBLIC_URL: "https://c.exemplo.org" };

  it("is 15 by default, may be lowered outside production, and never in it", () => {
    expect(loadConfig(production).PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: "15" }).PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "10" }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: "10" })).toThrow(
      /PASSWORD_HASH_COST: em produção, no mínimo 15/,
    );
  });

  it("refuses a cost outside 10 to 15", () => {
    for (const cost of ["9", "16", "15.5", "alto"])
      expect(() => loadConfig({ PASSWORD_HASH_COST: cost })).toThrow(
        /PASSWORD_HASH_COST: deve ser um número inteiro entre 10 e 15/,
      );
  });
});

describe("PUBLIC_URL", () => {
  it("is required in production, and names the site's address for every link", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ADMIN_PASSWORD: "doze-chars12" })).toThrow(
      /PUBLIC_URL: obrigatório em produção/,
    );
    const cfg = loadConfig({
      NODE_ENV: "production",
      ADMIN_PASSWORD: "doze-chars12",
      PUBLIC_URL: " https://Caravana.Exemplo.org/ ",
    });
    expect(cfg.publicUrl).toBe("https://caravana.exemplo.org");
    expect(loadConfig({ PUBLIC_URL: "https://exemplo.org/jdj/" }).publicUrl).toBe("https://exemplo.org/jdj");
  });

  it("refuses what is not a site's address", () => {
    for (const bad of [
      "caravana.exemplo.org",
      "ftp://x.org",
      "https://x.org/?a=1",
      "https://u:p@x.org",
      "https://x.org/#a",
    ])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: use o endereço do site/);
  });

  it("names the address the server listens on when unset, so npm start works with nothing set", () => {
    expect(loadConfig({}).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "8080" }).publicUrl).toBe("http://127.0.0.1:8080");
  });
});

describe("loadDotEnv", () => {
  it("reads a .env file without overriding variables already set", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { loadDotEnv } = await import("./config");
    const dir = mkdtempSync(join(tmpdir(), "caravana-env-"));
    try {
      const file = join(dir, ".env");
      writeFileSync(file, "CARAVANA_TEST_FROM_FILE=arquivo\nCARAVANA_TEST_ALREADY_SET=arquivo\n");
      process.env.CARAVANA_TEST_ALREADY_SET = "ambiente";
      loadDotEnv(file);
      expect(process.env.CARAVANA_TEST_FROM_FILE).toBe("arquivo");
      expect(process.env.CARAVANA_TEST_ALREADY_SET).toBe("ambiente");
      loadDotEnv(join(tmpdir(), "nao-existe", ".env")); // a missing file is fine
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
