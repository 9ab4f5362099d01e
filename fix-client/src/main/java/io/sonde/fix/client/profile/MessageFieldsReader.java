package io.sonde.fix.client.profile;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code messages:} part of a venue profile: the extra fields and repeating groups of each order message,
 * each field named by its FIX name or tag, with exactly one source of values checked against the field's FIX type.
 * Every problem goes to the {@link Problems} of the profile being read, with where it is.
 */
final class MessageFieldsReader
{
    private static final List<String> VALUE_KEYS =
        List.of("value", "perSession", "cycle", "choice", "range", "counter");
    /** Fields Sonde writes itself on every order, or that belong elsewhere in the profile. */
    private static final Map<Integer, String> RESERVED = Map.ofEntries(
        Map.entry(1, "set it with 'account:'"),
        Map.entry(11, "Sonde writes it: it carries the order's number and intended time"),
        Map.entry(38, "Sonde writes it from the order it draws"),
        Map.entry(40, "Sonde writes it (limit orders)"),
        Map.entry(41, "Sonde writes it: the ClOrdID the order is known by"),
        Map.entry(44, "Sonde writes it from the order it draws"),
        Map.entry(50, "set it with 'fix.senderSubId:'"),
        Map.entry(54, "Sonde writes it from the order it draws"),
        Map.entry(55, "list the instruments under 'symbols:'"),
        Map.entry(57, "set it with 'fix.targetSubId:'"),
        Map.entry(59, "Sonde writes it from the order's flow"),
        Map.entry(60, "Sonde writes it from the clock"),
        Map.entry(553, "set it with 'logon.username:'"),
        Map.entry(554, "set it with 'logon.password:'"));

    private final FixFields fixFields = FixFields.standard();

    Map<OrderMessageType, List<ProfileField>> messages(final JsonNode root, final Problems problems)
    {
        final Map<OrderMessageType, List<ProfileField>> messages = new EnumMap<>(OrderMessageType.class);
        final JsonNode node = problems.object(root, "messages");
        if (node == null)
        {
            return messages;
        }
        final Iterator<Map.Entry<String, JsonNode>> types = node.fields();
        while (types.hasNext())
        {
            final Map.Entry<String, JsonNode> type = types.next();
            final OrderMessageType messageType = OrderMessageType.byName(type.getKey());
            final String path = "messages." + type.getKey();
            if (messageType == null)
            {
                problems.add(path + ": not an order message Sonde sends; use NewOrderSingle, OrderCancelRequest " +
                    "or OrderCancelReplaceRequest");
                continue;
            }
            messages.put(messageType, fields(type.getValue(), path, problems));
        }
        return messages;
    }

    private List<ProfileField> fields(final JsonNode list, final String path, final Problems problems)
    {
        final List<ProfileField> fields = new ArrayList<>();
        if (list == null || !list.isArray())
        {
            problems.add(path + ": a list of fields, each '- field: Name' or '- tag: N' with its value");
            return fields;
        }
        for (int i = 0; i < list.size(); i++)
        {
            final ProfileField field = field(list.get(i), path + "[" + i + "]", problems);
            if (field != null)
            {
                fields.add(field);
            }
        }
        return fields;
    }

    private ProfileField field(final JsonNode node, final String path, final Problems problems)
    {
        if (!node.isObject())
        {
            problems.add(path + ": give '- field: Name' or '- tag: N' with a value, or '- group: NoXxx'");
            return null;
        }
        if (node.has("group"))
        {
            return group(node, path, problems);
        }
        if (node.has("entries"))
        {
            problems.add(path + ": a repeating group needs its count field: 'group: NoPartyIDs' (or its tag)");
            return null;
        }
        final Set<String> allowed = new HashSet<>(VALUE_KEYS);
        allowed.addAll(Set.of("field", "tag", "type"));
        problems.unknownKeys(node, path + ".", allowed);
        final FixFields.Field field = identify(node, path, problems, "field");
        if (field == null)
        {
            return null;
        }
        final String where = path + " (" + field.name() + ", " + field.tag() + ")";
        if (field.type() == FieldType.NUMINGROUP)
        {
            problems.add(where + ": counts a repeating group; give it as '- group: " + field.name() +
                "' with its entries");
            return null;
        }
        if (field.type() == FieldType.LENGTH || field.type() == FieldType.DATA)
        {
            problems.add(where + ": length-prefixed data cannot be added to an order message");
            return null;
        }
        return values(node, where, field, problems);
    }

    private ProfileField group(final JsonNode node, final String path, final Problems problems)
    {
        problems.unknownKeys(node, path + ".", Set.of("group", "entries"));
        final FixFields.Field count = identify(node, path, problems, "group");
        if (count == null)
        {
            return null;
        }
        final String where = path + " (" + count.name() + ", " + count.tag() + ")";
        if (count.type() != FieldType.NUMINGROUP)
        {
            problems.add(where + ": is not a NumInGroup field, so it cannot count a repeating group");
            return null;
        }
        final JsonNode entries = node.get("entries");
        if (entries == null || !entries.isArray() || entries.isEmpty())
        {
            problems.add(where + ": a group needs 'entries:', a list of entries, each a list of fields");
            return null;
        }
        final List<List<ProfileField>> groupEntries = new ArrayList<>();
        int firstTag = -1;
        for (int i = 0; i < entries.size(); i++)
        {
            final String entryPath = where + ".entries[" + i + "]";
            final List<ProfileField> fields = fields(entries.get(i), entryPath, problems);
            final JsonNode first = entries.get(i).isArray() && !entries.get(i).isEmpty() ? entries.get(i).get(0) : null;
            final FixFields.Field delimiter = first == null ? null : quietIdentify(first);
            if (delimiter != null && firstTag >= 0 && delimiter.tag() != firstTag)
            {
                problems.add(entryPath + ": every entry must start with the same field (the group's delimiter), " +
                    "tag " + firstTag + ", not " + delimiter.tag());
            }
            firstTag = firstTag < 0 && delimiter != null ? delimiter.tag() : firstTag;
            groupEntries.add(fields);
        }
        final int countTag = count.tag();
        return (sessions, seed) ->
        {
            final List<ExtraFields> compiled = new ArrayList<>();
            long entrySeed = seed;
            for (final List<ProfileField> entry : groupEntries)
            {
                final List<ExtraFields.Entry> fields = new ArrayList<>();
                for (final ProfileField field : entry)
                {
                    fields.add(field.compile(sessions, entrySeed++));
                }
                compiled.add(new ExtraFields(fields));
            }
            return new ExtraFields.Group(countTag, compiled);
        };
    }

    private ProfileField values(
        final JsonNode node, final String where, final FixFields.Field field, final Problems problems)
    {
        final List<String> given = new ArrayList<>();
        for (final String key : VALUE_KEYS)
        {
            if (node.has(key))
            {
                given.add(key);
            }
        }
        if (given.size() != 1)
        {
            problems.add(where + ": needs exactly one of " + String.join(", ", VALUE_KEYS) +
                (given.isEmpty() ? "" : "; found " + String.join(", ", given)));
            return null;
        }
        final String kind = given.get(0);
        final JsonNode value = node.get(kind);
        final int tag = field.tag();
        switch (kind)
        {
            case "value":
            {
                final String text = checked(value, where, field, problems);
                return text == null ? null :
                    (sessions, seed) -> new ExtraFields.Field(tag, new PreparedValues.Constant(text));
            }
            case "perSession":
            {
                final List<String> list = value.isArray() ? checkedList(value, where, field, problems) :
                    perSessionPattern(value, where, field, problems);
                return list == null ? null : (sessions, seed) ->
                    new ExtraFields.Field(tag, new PreparedValues.PerSession(expand(list, sessions)));
            }
            case "cycle":
            {
                final List<String> list = checkedList(value, where, field, problems);
                return list == null ? null :
                    (sessions, seed) -> new ExtraFields.Field(tag, new PreparedValues.Cycle(list, sessions));
            }
            case "choice":
            {
                final List<String> list = checkedList(value, where, field, problems);
                return list == null ? null :
                    (sessions, seed) -> new ExtraFields.Field(tag, new PreparedValues.Choice(list, seed));
            }
            case "range":
                return range(value, where, field, problems);
            default:
                return counter(value, where, field, problems);
        }
    }

    private static ProfileField range(
        final JsonNode value, final String where, final FixFields.Field field, final Problems problems)
    {
        if (!value.isObject() || !value.path("min").canConvertToLong() || !value.path("max").canConvertToLong() ||
            !value.path("min").isIntegralNumber() || !value.path("max").isIntegralNumber())
        {
            problems.add(where + ": range needs whole numbers 'min:' and 'max:'");
            return null;
        }
        final long min = value.get("min").asLong();
        final long max = value.get("max").asLong();
        if (min > max)
        {
            problems.add(where + ": range min " + min + " is above max " + max);
            return null;
        }
        if (!field.type().accepts(Long.toString(min)) || !field.type().accepts(Long.toString(max)))
        {
            problems.add(where + ": a range of whole numbers does not fit type " + field.type() + " (" +
                field.type().description() + ")");
            return null;
        }
        final int tag = field.tag();
        return (sessions, seed) -> new ExtraFields.Field(tag, new PreparedValues.Range(min, max, seed));
    }

    private static ProfileField counter(
        final JsonNode value, final String where, final FixFields.Field field, final Problems problems)
    {
        if (!value.isIntegralNumber() || value.asLong() < 0)
        {
            problems.add(where + ": counter takes the first value, a whole number >= 0");
            return null;
        }
        if (!field.type().accepts(value.asText()))
        {
            problems.add(where + ": a counter does not fit type " + field.type() + " (" +
                field.type().description() + ")");
            return null;
        }
        final long start = value.asLong();
        final int tag = field.tag();
        return (sessions, seed) -> new ExtraFields.Field(tag, new PreparedValues.Counter(start, sessions));
    }

    private static List<String> perSessionPattern(
        final JsonNode value, final String where, final FixFields.Field field, final Problems problems)
    {
        final String pattern = value.isValueNode() ? value.asText() : null;
        if (pattern == null || !pattern.contains("%d"))
        {
            problems.add(where + ": perSession takes a list, one value per session, or a pattern with %d " +
                "(the session number)");
            return null;
        }
        final String sample = pattern.replace("%d", "1");
        if (!field.type().accepts(sample))
        {
            problems.add(where + ": '" + sample + "' is not " + field.type().description());
            return null;
        }
        return List.of(pattern);
    }

    /**
     * A one-entry list holding a {@code %d} pattern becomes one value per session; a list is used as given.
     */
    private static List<String> expand(final List<String> values, final int sessions)
    {
        if (values.size() != 1 || !values.get(0).contains("%d"))
        {
            return values;
        }
        final List<String> expanded = new ArrayList<>();
        for (int i = 1; i <= sessions; i++)
        {
            expanded.add(values.get(0).replace("%d", Integer.toString(i)));
        }
        return expanded;
    }

    private static String checked(
        final JsonNode value, final String where, final FixFields.Field field, final Problems problems)
    {
        if (value == null || !value.isValueNode() || value.isNull())
        {
            problems.add(where + ": the value must be a single text or number");
            return null;
        }
        final String text = value.asText();
        if (!field.type().accepts(text))
        {
            problems.add(where + ": '" + text + "' is not " + field.type().description() + " (type " +
                field.type() + ")");
            return null;
        }
        return text;
    }

    private static List<String> checkedList(
        final JsonNode value, final String where, final FixFields.Field field, final Problems problems)
    {
        if (!value.isArray() || value.isEmpty())
        {
            problems.add(where + ": give a list of one or more values");
            return null;
        }
        final List<String> values = new ArrayList<>();
        boolean valid = true;
        for (int i = 0; i < value.size(); i++)
        {
            final String text = checked(value.get(i), where + "[" + i + "]", field, problems);
            valid &= text != null;
            values.add(text);
        }
        return valid ? values : null;
    }

    private FixFields.Field identify(
        final JsonNode node, final String path, final Problems problems, final String nameKey)
    {
        final JsonNode name = node.get(nameKey);
        final JsonNode tag = node.get("tag");
        if (name != null && !(name.isTextual() && name.asText().matches("\\d+")) && tag != null)
        {
            problems.add(path + ": give the field's name or its tag, not both");
            return null;
        }
        if (name != null && name.isTextual() && !name.asText().matches("\\d+"))
        {
            final FixFields.Field field = fixFields.byName(name.asText());
            if (field == null)
            {
                problems.add(path + ": unknown field name '" + name.asText() + "'; give a standard FIX field " +
                    "name or a custom tag from " + FixFields.FIRST_CUSTOM_TAG + " to " + FixFields.LAST_CUSTOM_TAG);
            }
            return reserved(field, path, problems);
        }
        final JsonNode number = tag != null ? tag : name;
        if (number == null || !number.canConvertToInt() || number.asInt() <= 0 ||
            !number.asText().matches("\\d+"))
        {
            problems.add(path + ": needs '" + nameKey + ": Name' or 'tag: N' (a positive number)");
            return null;
        }
        final FixFields.Field known = fixFields.byTag(number.asInt());
        if (known != null)
        {
            return reserved(known, path, problems);
        }
        if (!FixFields.isCustom(number.asInt()))
        {
            problems.add(path + ": tag " + number.asInt() + " is neither a field Sonde knows nor a custom tag (" +
                FixFields.FIRST_CUSTOM_TAG + " to " + FixFields.LAST_CUSTOM_TAG + ")");
            return null;
        }
        final JsonNode typeName = node.get("type");
        final FieldType type = typeName == null ? FieldType.STRING : FieldType.byName(typeName.asText());
        if (type == null)
        {
            problems.add(path + ".type: unknown FIX type '" + typeName.asText() + "'");
            return null;
        }
        return new FixFields.Field(number.asInt(), "custom", type);
    }

    private static FixFields.Field reserved(final FixFields.Field field, final String path, final Problems problems)
    {
        if (field != null && RESERVED.containsKey(field.tag()))
        {
            problems.add(path + ": " + field.name() + " (" + field.tag() + ") cannot be set here: " +
                RESERVED.get(field.tag()));
            return null;
        }
        return field;
    }

    private FixFields.Field quietIdentify(final JsonNode node)
    {
        if (!node.isObject())
        {
            return null;
        }
        final JsonNode name = node.has("field") ? node.get("field") : node.get("group");
        if (name != null && name.isTextual())
        {
            return fixFields.byName(name.asText());
        }
        final JsonNode tag = node.get("tag");
        return tag != null && tag.canConvertToInt() ? new FixFields.Field(tag.asInt(), "", FieldType.STRING) : null;
    }
}
