import { ofGroup } from "../../../shared/group-name";
import { useAppConfig } from "../../lib/app-config";

/** Paying in cash: find the coordination; seats are limited. */
export function CashPanel() {
  const { price, groupName } = useAppConfig();
  return (
    <section className="pay-panel pay-panel-cash" aria-labelledby="cash-panel-title">
      <h3 id="cash-panel-title" className="pay-panel-title">
        Pagamento em espécie
      </h3>
      <p className="pay-warning">
        <strong>Atenção:</strong> procure alguém da coordenação {ofGroup(groupName)} para fazer o pagamento de {price}{" "}
        em dinheiro. As vagas são limitadas!
      </p>
    </section>
  );
}
