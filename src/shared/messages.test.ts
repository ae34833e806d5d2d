import { describe, expect, it } from "vitest";
import {
  charactersOver,
  DEFAULT_MESSAGE_TEXTS,
  fillMessage,
  MAX_WHATSAPP_LINK,
  MESSAGE_TEXT_KEYS,
  type MessagePerson,
  mobileProblem,
  unknownFields,
  hasPersonalLink,
  withoutPersonalLink,
} from "./messages";
import { messageTextSchema } from "./message-lists";
import { whatsappTo } from "./phone";

const facts = {
  evento: "JDJ 2025",
  grupo: "Pastoral da Juventude Santa Rita",
  data: "16 de Agosto",
  horario: "A partir das 08h",
  local: "Área Pastoral",
};
const ana: MessagePerson = {
  nome: "Ana Júlia Souza",
  codigo: "JDJ7K3Q",
  devido_centavos: 1500,
  onibus: "Ônibus 1",
  posicao_espera: null,
  prazo: "16/08 às 20:00",
  link: "https://caravana.example/minha-inscricao#a.b",
};
const bruno: MessagePerson = {
  nome: "Bruno Souza",
  codigo: "JDJ9XYZ",
  devido_centavos: 1000,
  onibus: null,
  posicao_espera: 3,
  prazo: null,
  link: "https://caravana.example/minha-inscricao#c.d",
};

describe("filling a message", () => {
  it("fills every field, the event's from the settings", () => {
    const text =
      "{evento} {grupo} {data} {horario} {local}\n{nome}|{primeiro_nome}|{codigo}|{valor}|{prazo}|{link}|{onibus}|{posicao}";
    expect(fillMessage(text, [ana], facts)).toBe(
      "JDJ 2025 Pastoral da Juventude Santa Rita 16 de Agosto A partir das 08h Área Pastoral\n" +
        "Ana Júlia Souza|Ana|JDJ7K3Q|R$ 15,00|16/08 às 20:00|https://caravana.example/minha-inscricao#a.b|Ônibus 1|com vaga",
    );
    expect(fillMessage("{onibus}, {posicao}", [bruno], facts)).toBe(
      "3º da lista de espera, 3ª posição na lista de espera",
    );
  });

  it("writes a line with a person's field once for each sibling, and the other lines once", () => {
    const text = "Olá! {evento}\n• {nome} ({codigo}): {valor} {link}\nObrigado!";
    expect(fillMessage(text, [ana, bruno], facts)).toBe(
      [
        "Olá! JDJ 2025",
        "• Ana Júlia Souza (JDJ7K3Q): R$ 15,00 https://caravana.example/minha-inscricao#a.b",
        "• Bruno Souza (JDJ9XYZ): R$ 10,00 https://caravana.example/minha-inscricao#c.d",
        "Obrigado!",
      ].join("\n"),
    );
  });

  it("keeps accents and emoji through the wa.me link", () => {
    const text = fillMessage("🙏 Olá, {primeiro_nome}! Atenção: São Luís ✅", [ana], facts);
    const url = whatsappTo("98981234567", text);
    expect(url.startsWith("https://wa.me/5598981234567?text=")).toBe(true);
    expect(new URL(url).searchParams.get("text")).toBe("🙏 Olá, Ana! Atenção: São Luís ✅");
  });

  it("names each unknown field once", () => {
    expect(unknownFields("{nome} {cidade} {xyz} {cidade} {valor}")).toEqual(["cidade", "xyz"]);
    expect(unknownFields("sem campos, { espaço }")).toEqual([]);
    const parsed = messageTextSchema.safeParse("Oi {cidade}");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toMatch(/^Campo desconhecido: \{cidade\}\. Use só: \{nome\}/);
  });

  it("every built-in text uses only known fields, names the group from the settings, and fits a wa.me link for two siblings", () => {
    for (const key of MESSAGE_TEXT_KEYS) {
      const { texto } = DEFAULT_MESSAGE_TEXTS[key];
      expect(unknownFields(texto), key).toEqual([]);
      expect(texto, key).not.toContain("Juventude Católica VG");
      expect(charactersOver("98981234567", fillMessage(texto, [ana, bruno], facts)), key).toBe(0);
    }
  });
});

describe("the wa.me length limit", () => {
  it("says how many characters to cut, counting an accent or emoji as it is sent", () => {
    const phone = "98981234567";
    const base = whatsappTo(phone, "").length;
    const fits = "a".repeat(MAX_WHATSAPP_LINK - base);
    expect(charactersOver(phone, fits)).toBe(0);
    expect(charactersOver(phone, `${fits}a`)).toBe(1);
    // "ç" is six characters once encoded ("%C3%A7"): one cut takes away six.
    expect(charactersOver(phone, `${fits.slice(6)}ç`)).toBe(0);
    expect(charactersOver(phone, `${fits.slice(1)}ç`)).toBe(1);
    expect(charactersOver(phone, `${fits}🙏`)).toBe(1);
  });
});

describe("a Brazilian mobile", () => {
  it("accepts a mobile and says why anything else is not one", () => {
    expect(mobileProblem("98981234567")).toBeNull();
    expect(mobileProblem("1198765432")).toBe("Número fixo ou sem o 9 do celular");
    expect(mobileProblem("9898123")).toBe("Número com dígitos faltando ou sobrando");
    expect(mobileProblem("20981234567")).toBe("DDD 20 não existe");
    expect(mobileProblem("98381234567")).toBe("Celular deve começar com 9 depois do DDD");
  });
});

describe("a saved text as Equipe sends it", () => {
  it("loses {link} and the dash or colon before it, and keeps the rest", () => {
    expect(withoutPersonalLink("• {nome} (código {codigo}): {valor} – {link}\nObrigado!")).toBe(
      "• {nome} (código {codigo}): {valor}\nObrigado!",
    );
    expect(withoutPersonalLink("documento para imprimir: {link}")).toBe("documento para imprimir");
    for (const { texto } of Object.values(DEFAULT_MESSAGE_TEXTS)) {
      const equipe = withoutPersonalLink(texto);
      expect(hasPersonalLink(equipe)).toBe(false);
      // The lines that held a link end in a word, not a dangling separator.
      const lines = texto.split("\n");
      equipe.split("\n").forEach((line, i) => {
        if (hasPersonalLink(lines[i])) expect(line).not.toMatch(/[–:-]\s*$/);
      });
    }
  });
});
