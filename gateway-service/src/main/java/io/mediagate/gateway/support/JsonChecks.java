package io.mediagate.gateway.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;

/** Checks on a parsed body that JSON's grammar allows but an API should not take: deep nesting, broken Unicode. */
final class JsonChecks {
    private JsonChecks() {
    }

    private record Level(JsonNode node, int depth) {}

    /** Walks {@code root} (without recursion): 400 if it nests past {@code maxDepth} or holds a lone surrogate. */
    static void inspect(JsonNode root, int maxDepth) {
        Deque<Level> todo = new ArrayDeque<>();
        todo.push(new Level(root, 1));
        while (!todo.isEmpty()) {
            Level level = todo.pop();
            JsonNode node = level.node();
            if (node.isTextual()) {
                requireUnicode(node.textValue());
                continue;
            }
            if (!node.isContainerNode()) {
                continue;
            }
            if (level.depth() > maxDepth) {
                throw ApiException.invalid(null, "the body nests arrays and objects deeper than " + maxDepth + " levels");
            }
            if (node.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = it.next();
                    requireUnicode(field.getKey());
                    todo.push(new Level(field.getValue(), level.depth() + 1));
                }
            } else {
                for (JsonNode element : node) {
                    todo.push(new Level(element, level.depth() + 1));
                }
            }
        }
    }

    static int encodedLength(ObjectMapper json, JsonNode node) {
        try {
            return json.writeValueAsBytes(node).length;
        } catch (JsonProcessingException e) {
            throw ApiException.invalid(null, "the body could not be read as JSON");
        }
    }

    /**
     * Text must be whole Unicode: every high surrogate followed by a low one, no low one on its own; and no NUL
     * character, which no text column can store.
     */
    private static void requireUnicode(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                throw ApiException.invalid(null, "the body holds text with a NUL character (\\u0000)");
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw ApiException.invalid(null, "the body holds text that is not valid Unicode (an unpaired surrogate \\\\u"
                        + Integer.toHexString(c) + ")");
            }
        }
    }
}
