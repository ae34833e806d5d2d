import { type AuthorizationDocument, KINSHIP, KINSHIP_IN_SENTENCE } from "../../shared/minors";
import { maskPhone } from "../../shared/phone";
import "./travel-authorization.css";

const blank = (width: string) => <span className="ta-blank" style={{ width }} />;

/**
 * The travel authorisation of one minor, one A4 page when printed. The wording
 * follows ECA art. 83 (Lei 13.812/2019) and CNJ Resolução 295/2019 (decision
 * 037): a private document, signed by the parent or guardian with the signature
 * notarised, naming the adult the minor travels with. Document numbers are left
 * blank, to be filled by hand at the notary's.
 */
export function TravelAuthorization({ doc }: { doc: AuthorizationDocument }) {
  const relation = doc.parentesco ? KINSHIP_IN_SENTENCE[doc.parentesco] : null;
  return (
    <article className="ta-page" aria-label={`Autorização de viagem de ${doc.nome_completo}`}>
      <h2 className="ta-title">Autorização de viagem nacional para criança ou adolescente</h2>
      <p className="ta-law">
        Estatuto da Criança e do Adolescente, art. 83, com a redação da Lei nº 13.812/2019, e Resolução nº 295/2019 do
        Conselho Nacional de Justiça.
      </p>
      {/* The guardian's own documents right after their name: whose RG it is reads at once. */}
      <p>
        Eu, <strong>{doc.responsavel_nome ?? blank("16em")}</strong>, portador(a) do RG nº {blank("9em")}, órgão emissor{" "}
        {blank("5em")}, e do CPF nº {blank("9em")}, residente e domiciliado(a) em {blank("20em")}, na qualidade de{" "}
        {relation ?? blank("8em")} de <strong>{doc.nome_completo}</strong>,
      </p>
      <p>
        <strong>AUTORIZO</strong> o(a) menor <strong>{doc.nome_completo}</strong>, de {doc.idade} anos, nascido(a) em{" "}
        {blank("7em")}, portador(a) da certidão de nascimento ou do RG nº {blank("10em")}, a viajar sem os pais ou
        responsáveis, na companhia de <strong>{doc.lider_nome ?? blank("16em")}</strong>
        {doc.lider_telefone ? (
          <>
            , telefone <span className="ta-nowrap">{maskPhone(doc.lider_telefone)}</span>
          </>
        ) : null}
        , portador(a) do RG nº {blank("9em")}, responsável pelo{" "}
        {doc.onibus_nome ? <strong>{doc.onibus_nome}</strong> : "ônibus"} da caravana do grupo {doc.grupo} para o evento{" "}
        <strong>{doc.evento}</strong>, com destino ao seguinte local: <strong>{doc.destino}</strong>, em{" "}
        <strong>{doc.datas}</strong>.
      </p>
      <p>
        {doc.ida
          ? `Esta autorização é válida somente para esta viagem, de ida e volta: a ida em ${doc.ida}, e a volta ao fim do evento.`
          : "Esta autorização é válida somente para esta viagem, de ida e volta, no período acima."}
      </p>
      <p className="ta-date">
        {blank("10em")}, {blank("3em")} de {blank("8em")} de {blank("4em")}.
      </p>
      <div className="ta-signature">
        <span className="ta-line" />
        <p>
          {doc.responsavel_nome ?? "Nome do(a) responsável"}
          {doc.parentesco ? ` (${KINSHIP[doc.parentesco]})` : ""}
        </p>
        <p className="ta-notary">Assinatura (reconhecer firma em cartório)</p>
      </div>
    </article>
  );
}
