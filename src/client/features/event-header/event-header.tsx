import { useState } from "react";
import { useAppConfig } from "../../lib/app-config";
import { EventIcon } from "./event-icons";
import { readTitleSize } from "./title-size";
import "./event-header.css";

/** Page header of the registration page: the event, its date, time and place. */
export function EventHeader() {
  const config = useAppConfig();
  const [titleSize] = useState(readTitleSize);
  return (
    <header className="event-header intro-step">
      <p className="event-kicker">Caravana {config.groupName}</p>
      <h1 className={`event-title event-title-${titleSize}`}>{config.eventTitle}</h1>
      <p className="event-subtitle">{config.theme}</p>
      <p className="event-badge">{config.editionNumber}ª EDIÇÃO</p>
      <ul className="event-facts">
        <li>
          <EventIcon name="calendar" />
          <span>{config.eventDate}</span>
        </li>
        <li>
          <EventIcon name="clock" />
          <span>{config.eventTime}</span>
        </li>
        <li>
          <EventIcon name="pin" />
          <span>{config.eventPlace}</span>
        </li>
      </ul>
    </header>
  );
}
