import { dayIn } from "../../../../shared/dates";
import { formatPrice, parsePrice } from "../../../../shared/price";
import { appConfig } from "../../../lib/app-config";

/** "R$ 15,00", or "-R$ 15,00" for money going out or undone. */
export const reais = (centavos: number) => (centavos < 0 ? `-${formatPrice(-centavos)}` : formatPrice(centavos));

/** "15,00" typed in a field → centavos; null when it is not an amount. */
export const centavosOf = (typed: string) => parsePrice(typed);

/** Today in the event's zone (AAAA-MM-DD), as the date fields expect it, whatever the phone's zone. */
export const todayIso = () => dayIn(new Date(), appConfig().timeZone);
