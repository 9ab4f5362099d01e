package io.sonde.exchange.protocol;

import io.sonde.exchange.sbe.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

/**
 * Why a receiver refuses a message, by name. Receivers dispatch on the message header's template id and
 * refuse what they do not know, rather than guess what a message is from its length.
 */
public enum Refusal
{
    /**
     * Shorter than a message header, or than the block its header announces.
     */
    TRUNCATED,

    /**
     * The header names another schema: not a message of this protocol.
     */
    FOREIGN_SCHEMA,

    /**
     * A template this receiver does not take: a message meant for another receiver, or one of a newer schema
     * version than this build knows.
     */
    UNKNOWN_TEMPLATE;

    /**
     * Wrap {@code header} over the message and check what every receiver needs before dispatching on its
     * template id.
     *
     * @return null when the template may be dispatched on, otherwise why the message is refused.
     */
    public static Refusal checkHeader(
        final MessageHeaderDecoder header, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return TRUNCATED;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID)
        {
            return FOREIGN_SCHEMA;
        }
        return length < MessageHeaderDecoder.ENCODED_LENGTH + header.blockLength() ? TRUNCATED : null;
    }

    /**
     * A line for a log or an exception: this refusal, and what the message's header says it is. Off the hot
     * path: it allocates.
     */
    public String describe(final DirectBuffer buffer, final int offset, final int length)
    {
        final StringBuilder text = new StringBuilder(name()).append(": ").append(length).append(" bytes");
        if (length >= MessageHeaderDecoder.ENCODED_LENGTH)
        {
            final MessageHeaderDecoder header = new MessageHeaderDecoder().wrap(buffer, offset);
            text.append(", template ").append(header.templateId())
                .append(" of schema ").append(header.schemaId())
                .append(" version ").append(header.version())
                .append(", block of ").append(header.blockLength()).append(" bytes");
        }
        return text.append(" (this protocol is schema ").append(MessageHeaderDecoder.SCHEMA_ID)
            .append(" version ").append(MessageHeaderDecoder.SCHEMA_VERSION).append(')')
            .toString();
    }
}
