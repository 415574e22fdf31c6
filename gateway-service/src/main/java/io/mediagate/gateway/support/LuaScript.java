package io.mediagate.gateway.support;

import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import io.vertx.mutiny.redis.client.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A Lua script from the classpath, run by its SHA-1 ({@code EVALSHA}) so requests do not carry the
 * script text; when Redis does not know it yet (fresh or restarted server) it is sent once with {@code EVAL}.
 */
public final class LuaScript {
    private final String source;
    private final String sha;

    private LuaScript(String source) {
        this.source = source;
        try {
            this.sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static LuaScript load(String resource) {
        try (InputStream in = LuaScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing script " + resource);
            }
            return new LuaScript(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Uni<Response> run(ReactiveRedisDataSource redis, List<String> keys, List<String> args) {
        return redis.execute(Command.EVALSHA, command(sha, keys, args))
                .onFailure(f -> String.valueOf(f.getMessage()).startsWith("NOSCRIPT"))
                .recoverWithUni(() -> redis.execute(Command.EVAL, command(source, keys, args)));
    }

    private static String[] command(String script, List<String> keys, List<String> args) {
        List<String> out = new ArrayList<>(2 + keys.size() + args.size());
        out.add(script);
        out.add(String.valueOf(keys.size()));
        out.addAll(keys);
        out.addAll(args);
        return out.toArray(String[]::new);
    }
}
