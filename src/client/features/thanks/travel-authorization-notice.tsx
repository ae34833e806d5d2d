import { Link } from "../../lib/router";

/** On /obrigado, for someone under 16: what the guardian does with the authorisation, and the document. */
export function TravelAuthorizationNotice() {
  return (
    <section className="thanks-authorization" aria-labelledby="thanks-authorization-title">
      <h2 id="thanks-authorization-title">Autorização de viagem</h2>
      <p>
        Menores de 16 anos só viajam sem os pais com uma autorização assinada pelo responsável, com firma reconhecida em
        cartório. Imprima o documento abaixo, assine, reconheça a firma e entregue à coordenação antes da viagem.
      </p>
      <Link href="/obrigado/autorizacao" className="v-btn v-btn-outline">
        Abrir a autorização para imprimir
      </Link>
    </section>
  );
}
