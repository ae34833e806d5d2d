import { PixQrCode } from "../../components/pix/pix-qr-code";
import "./boarding-pass.css";

export interface BoardingPassProps {
  reference: string;
  name: string | null;
  busName: string | null;
}

/**
 * "Seu cartão de embarque": the reference as a QR code, read at the bus door
 * (features/boarding). The code carries the reference and nothing else.
 */
export function BoardingPass({ reference, name, busName }: BoardingPassProps) {
  return (
    <section className="thanks-pass" aria-labelledby="thanks-pass-title">
      <h2 id="thanks-pass-title" className="thanks-pix-title">
        Seu cartão de embarque
      </h2>
      <div className="thanks-pass-card">
        <PixQrCode payload={reference} className="thanks-pass-qr" label={`Cartão de embarque ${reference}`} />
        <div className="thanks-pass-facts">
          {name && <strong className="thanks-pass-name">{name}</strong>}
          {busName && <span>{busName}</span>}
          <span>
            Código: <strong>{reference}</strong>
          </span>
        </div>
      </div>
      <p className="thanks-pass-help">
        Guarde uma captura de tela deste cartão e mostre-a na porta do ônibus, na ida e na volta. Este QR Code não serve
        para pagar.
      </p>
    </section>
  );
}
